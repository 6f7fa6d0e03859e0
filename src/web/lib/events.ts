/**
 * The app event bus (docs/behaviour.md "Application events"): the one way features ask the shell to
 * open something, so that no feature imports another.
 */
import type { MarkedText } from './anki/anki-note';

export interface AppEvents {
  /** `sentence`: where the looked-up text was selected, for a card made from an entry. */
  'open-dict': { query: string; sentence?: MarkedText };
  'open-notion-search': { query?: string; [prop: string]: unknown };
  'close-modal': undefined;
  askAI: { query: string };
  'open-translate': { text: string };
  /** The server answered 401 {code:"access-token"}: the shell asks for the access token. */
  'access-token-needed': undefined;
  /** The server accepted the access token (its cookie is set): screens may retry what failed. */
  'access-granted': undefined;
  /** Save a word to the person's Notion notes (the MyNotion feature's dialog). */
  'save-note': { word: string; reading?: string; meaning?: string; example?: string };
  /** Sync wrote versions from another device (record types, docs/sync.md "What travels"): open screens read their data again. */
  synced: { types: string[] };
}

export type AppEventName = keyof AppEvents;
type Handler<K extends AppEventName> = (payload: AppEvents[K]) => void;

const handlers = new Map<AppEventName, Set<Handler<AppEventName>>>();

export function on<K extends AppEventName>(name: K, handler: Handler<K>): () => void {
  let set = handlers.get(name);
  if (!set) {
    set = new Set();
    handlers.set(name, set);
  }
  set.add(handler as Handler<AppEventName>);
  return () => set.delete(handler as Handler<AppEventName>);
}

export function emit<K extends AppEventName>(
  name: K,
  ...payload: AppEvents[K] extends undefined ? [] : [AppEvents[K]]
): void {
  for (const handler of handlers.get(name) ?? []) handler(payload[0] as AppEvents[AppEventName]);
}
