import { useStore } from 'zustand';
import { on } from '../../lib/events';
import { readChatCache, writeChatCache } from './chat-cache';
import { createChatSession, type ChatSessionState, type ChatSessionStore } from './chat-store';

let store: ChatSessionStore | null = null;

/**
 * The chat screen's session. It outlives the page component, so a reply keeps streaming (and
 * saving) while the person looks at another screen.
 */
export function getMainSession(): ChatSessionStore {
  if (!store) {
    const session = createChatSession({ persist: true, memory: true, config: readChatCache(), onConfigChange: writeChatCache });
    // Another device wrote chats (sync): the open conversation shows what it added.
    on('synced', ({ types }) => {
      if (types.includes('chat') || types.includes('message')) void session.getState().reread();
    });
    store = session;
  }
  return store;
}

export function useMainSession<T>(selector: (state: ChatSessionState) => T): T {
  return useStore(getMainSession(), selector);
}
