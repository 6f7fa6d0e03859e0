import type { Page } from '@playwright/test';

/** The chat's saved conversations (Dexie database `kotonoha-chat`, docs/storage.md "IndexedDB"), read from the page. */
export function savedConversations(page: Page): Promise<{ id: string; title: string; messages: { content: string; pending?: boolean }[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('kotonoha-chat');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('conversations').objectStore('conversations').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result);
          };
        };
      }),
  );
}

/** The same, as JSON text: for a test that looks for words anywhere in them. */
export const savedChatText = async (page: Page): Promise<string> => JSON.stringify(await savedConversations(page));
