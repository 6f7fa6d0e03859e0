import { useStore } from 'zustand';
import { readChatCache, writeChatCache } from './chat-cache';
import { createChatSession, type ChatSessionState, type ChatSessionStore } from './chat-store';

let store: ChatSessionStore | null = null;

/**
 * The chat screen's session. It outlives the page component, so a reply keeps streaming (and
 * saving) while the person looks at another screen.
 */
export function getMainSession(): ChatSessionStore {
  store ??= createChatSession({ persist: true, memory: true, config: readChatCache(), onConfigChange: writeChatCache });
  return store;
}

export function useMainSession<T>(selector: (state: ChatSessionState) => T): T {
  return useStore(getMainSession(), selector);
}
