import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CompletionMessage } from '../../lib/ai/complete';
import { connectionFor } from '../../lib/ai/connection';
import { aiMessages, isAiError } from '../../lib/ai/errors';
import { isAbort } from '../../lib/http/http-client';
import { translate } from '../../lib/i18n/i18n';
import { toast } from '../../lib/notify';
import { randomId } from '../../lib/secure-context';
import type { ChatCache } from './chat-cache';
import type { Conversation } from './conversation-db';
import { titleFromQuestion } from './conversation-title';
import { createFrameBatcher, throttle } from './frame-batcher';
import { catalogue } from './i18n';
import type { ChatMessage, ChatStatus } from './types';

/** The error kept on a reply that was still streaming when the page went away (shown translated). */
export const interruptedError = 'reply interrupted';

export interface ChatSessionOptions {
  /** Save conversations in IndexedDB as they stream (the chat screen); the compact chat saves nothing. */
  persist: boolean;
  /** Send the earlier messages with each question; the compact chat sends each question alone. */
  memory: boolean;
  config: ChatCache;
  onConfigChange?: (config: ChatCache) => void;
}

export interface ChatSessionState {
  messages: ChatMessage[];
  status: ChatStatus;
  conversationId: string | null;
  title: string;
  config: ChatCache;
  /** The running reply, for whoever needs to wait for it (tests, the bench). */
  running: Promise<void> | null;
  setConfig: (patch: Partial<ChatCache>) => void;
  /** Returns false when nothing was sent (blank question, busy, missing key). */
  send: (question: string) => boolean;
  stop: () => void;
  regenerate: () => boolean;
  newSession: () => void;
  openConversation: (conversation: Conversation) => void;
  /** Brings back the conversation shown before the page was left or reloaded. */
  restore: () => Promise<void>;
  /** The conversation with this id was deleted elsewhere (the history panel). */
  forget: (id: string) => void;
  rename: (id: string, title: string) => void;
  /**
   * The open conversation was written by another device (sync): read it again. During a reply
   * what arrived is kept aside, saved with each save, and shown when the reply ends.
   */
  reread: () => Promise<void>;
}

export type ChatSessionStore = StoreApi<ChatSessionState>;

const saveEveryMs = 600;

/**
 * The AI SDK is most of the chat's JavaScript; it is fetched when first needed (or when the
 * page is idle, see `preloadAi`) so the chat screen itself opens fast.
 */
const loadAi = () => import('../../lib/ai/complete');
export const preloadAi = () => void loadAi().catch(() => {});

/** IndexedDB (dexie) comes with the first read or write of a conversation, after the screen has painted. */
const conversations = () => import('./conversation-db');

const newId = randomId;

/** Only role and content are sent (docs/behaviour.md "Chat"); failed empty replies carry nothing worth sending. */
const toSent = (messages: ChatMessage[]): CompletionMessage[] =>
  messages.filter((message) => message.content.trim() !== '').map(({ role, content }) => ({ role, content }));

export function createChatSession(options: ChatSessionOptions): ChatSessionStore {
  let controller: AbortController | null = null;
  let createdAt = 0;
  let titleEdited = false;
  let saveFailed = false;
  /** Messages another device added to the open conversation while a reply streamed here. */
  let arrived: ChatMessage[] = [];

  const inOrder = (messages: ChatMessage[]) => [...messages].sort((a, b) => a.timestamp - b.timestamp);

  return createStore<ChatSessionState>((set, get) => {
    const snapshot = (): Conversation | null => {
      const { conversationId, title, config } = get();
      if (!conversationId) return null;
      const messages = arrived.length ? inOrder([...get().messages, ...arrived]) : get().messages;
      return {
        id: conversationId,
        title,
        titleEdited,
        createdAt,
        updatedAt: Date.now(),
        provider: config.selectedProvider,
        model: config.selectedModel,
        prompt: config.prompt,
        messages,
      };
    };

    const persistNow = () => {
      if (!options.persist) return;
      const conversation = snapshot();
      if (!conversation) return;
      conversations().then((db) => db.saveConversation(conversation)).then(
        () => (saveFailed = false),
        (error: unknown) => {
          if (saveFailed) return;
          saveFailed = true;
          toast(translate(catalogue, 'store.saveFailed', { error: error instanceof Error ? error.message : String(error) }), 'warning');
        },
      );
    };

    const updateLast = (patch: Partial<ChatMessage>) =>
      set((state) => {
        const messages = state.messages.slice();
        const last = messages[messages.length - 1];
        if (!last) return state;
        messages[messages.length - 1] = { ...last, ...patch };
        return { messages };
      });

    const run = (base: ChatMessage[], sent: CompletionMessage[]) => {
      const { selectedProvider: provider, selectedModel: model, prompt, temperature } = get().config;
      const assistant: ChatMessage = { id: newId(), role: 'assistant', content: '', provider, model, timestamp: Date.now(), pending: true };
      const abort = new AbortController();
      controller = abort;
      set({ messages: [...base, assistant], status: 'processing' });
      persistNow();

      let latest = '';
      const batcher = createFrameBatcher((text: string) => updateLast({ content: text }));
      // Flushing first saves the latest text even where animation frames are paused (a hidden tab).
      const saveSoon = throttle(() => {
        batcher.flush();
        persistNow();
      }, saveEveryMs);

      const finish = (patch: Partial<ChatMessage>) => {
        batcher.cancel();
        saveSoon.cancel();
        updateLast({ ...patch, pending: false });
      };

      const running = (async () => {
        try {
          const { streamChat } = await loadAi();
          const result = await streamChat(provider, {
            model,
            system: prompt.trim() || undefined,
            messages: sent,
            temperature,
            signal: abort.signal,
            onDelta: (_delta, fullText) => {
              latest = fullText;
              batcher.push(fullText);
              saveSoon();
            },
          });
          if (result.status === 'aborted') {
            console.info(aiMessages.aborted);
            finish({ content: result.text || latest });
          } else if (result.status === 'rate-limited') {
            toast(aiMessages.rateLimited, 'error');
            finish({ content: '', error: aiMessages.rateLimited });
          } else {
            finish({ content: result.text || latest });
          }
        } catch (error) {
          if (isAbort(error)) {
            console.info(aiMessages.aborted);
            finish({ content: latest });
          } else {
            const message = error instanceof Error ? error.message : String(error);
            toast(aiMessages.requestError(message), 'error');
            finish({ content: (isAiError(error) && error.partialText) || latest, error: message });
          }
        } finally {
          if (controller === abort) controller = null;
          if (arrived.length) {
            set({ messages: inOrder([...get().messages, ...arrived]) });
            arrived = [];
          }
          set({ status: 'idle', running: null });
          persistNow();
        }
      })();
      set({ running });
    };

    /** docs/behaviour.md "Chat": a provider without a key gets the alert and nothing is sent. */
    const keyPresent = () => {
      try {
        connectionFor(get().config.selectedProvider);
        return true;
      } catch (error) {
        toast(error instanceof Error ? error.message : String(error), 'error');
        return false;
      }
    };

    return {
      messages: [],
      status: 'idle',
      conversationId: null,
      title: '',
      config: options.config,
      running: null,

      setConfig: (patch) => {
        const config = { ...get().config, ...patch };
        set({ config });
        options.onConfigChange?.(config);
      },

      send: (question) => {
        const text = question.trim();
        if (!text || get().status === 'processing') return false;
        if (!keyPresent()) return false;
        const { selectedProvider: provider, selectedModel: model } = get().config;
        const user: ChatMessage = { id: newId(), role: 'user', content: text, provider, model, timestamp: Date.now() };
        if (options.persist && !get().conversationId) {
          const id = newId();
          createdAt = Date.now();
          titleEdited = false;
          set({ conversationId: id, title: titleFromQuestion(text) });
          void conversations().then((db) => db.setCurrentConversationId(id)).catch(() => {});
        }
        const base = [...get().messages, user];
        run(base, options.memory ? toSent(base) : toSent([user]));
        return true;
      },

      stop: () => controller?.abort(),

      regenerate: () => {
        const { messages, status } = get();
        const last = messages[messages.length - 1];
        if (status === 'processing' || !last || last.role === 'user') return false;
        if (!keyPresent()) return false;
        const base = messages.slice(0, -1);
        const question = [...base].reverse().find((message) => message.role === 'user');
        if (!question) return false;
        run(base, options.memory ? toSent(base) : toSent([question]));
        return true;
      },

      newSession: () => {
        if (get().status === 'processing') return;
        set({ messages: [], conversationId: null, title: '' });
        if (options.persist) void conversations().then((db) => db.setCurrentConversationId(null)).catch(() => {});
      },

      openConversation: (conversation) => {
        if (get().status === 'processing') return;
        arrived = [];
        createdAt = conversation.createdAt;
        titleEdited = conversation.titleEdited ?? false;
        set({
          conversationId: conversation.id,
          title: conversation.title,
          messages: conversation.messages.map((message) =>
            message.pending ? { ...message, pending: false, error: message.error ?? interruptedError } : message,
          ),
        });
        if (options.persist) void conversations().then((db) => db.setCurrentConversationId(conversation.id)).catch(() => {});
      },

      restore: async () => {
        if (!options.persist || get().conversationId || get().messages.length > 0) return;
        try {
          const db = await conversations();
          const id = await db.getCurrentConversationId();
          const conversation = id ? await db.getConversation(id) : undefined;
          if (conversation && !get().conversationId && get().messages.length === 0) get().openConversation(conversation);
        } catch (error) {
          toast(translate(catalogue, 'store.loadFailed', { error: error instanceof Error ? error.message : String(error) }), 'warning');
        }
      },

      forget: (id) => {
        if (get().conversationId !== id) return;
        controller?.abort();
        set({ messages: [], conversationId: null, title: '', status: 'idle' });
      },

      rename: (id, title) => {
        if (get().conversationId !== id) return;
        titleEdited = true;
        set({ title: title.trim() || 'Untitled' });
      },

      reread: async () => {
        const id = get().conversationId;
        if (!options.persist || !id) return;
        const stored = await (await conversations()).getConversation(id);
        if (get().conversationId !== id) return;
        if (!stored) {
          // Deleted on another device: this screen starts afresh.
          get().forget(id);
          return;
        }
        if (get().status !== 'processing') {
          get().openConversation(stored);
          return;
        }
        const here = new Set(get().messages.map((message) => message.id));
        arrived = stored.messages.filter((message) => !here.has(message.id) && !message.pending);
      },
    };
  });
}
