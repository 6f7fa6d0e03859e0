import Dexie, { type Table } from 'dexie';
import type { ProviderName } from '../../../common/ai-providers';
import type { ChatMessage } from './types';

/** One saved conversation. Messages live inside it: a conversation is read and written whole. */
export interface Conversation {
  id: string;
  title: string;
  /** The person renamed it, so the first question no longer names it. */
  titleEdited?: boolean;
  createdAt: number;
  updatedAt: number;
  provider: ProviderName;
  model: string;
  prompt: string;
  messages: ChatMessage[];
}

interface MetaRow {
  key: string;
  value: string | null;
}

class ChatDatabase extends Dexie {
  conversations!: Table<Conversation, string>;
  meta!: Table<MetaRow, string>;

  constructor() {
    super('kotonoha-chat');
    this.version(1).stores({ conversations: 'id, updatedAt', meta: 'key' });
  }
}

let database: ChatDatabase | null = null;
const db = () => (database ??= new ChatDatabase());

export async function saveConversation(conversation: Conversation): Promise<void> {
  await db().conversations.put(conversation);
}

export async function getConversation(id: string): Promise<Conversation | undefined> {
  return db().conversations.get(id);
}

export async function deleteConversation(id: string): Promise<void> {
  await db().conversations.delete(id);
}

export async function renameConversation(id: string, title: string): Promise<void> {
  await db().conversations.update(id, { title: title.trim() || 'Untitled', titleEdited: true });
}

/** Newest first; `query` matches the title or any message's text, case-insensitively. */
export async function listConversations(query = ''): Promise<Conversation[]> {
  const needle = query.trim().toLowerCase();
  const all = db().conversations.orderBy('updatedAt').reverse();
  if (!needle) return all.toArray();
  return all
    .filter(
      (conversation) =>
        conversation.title.toLowerCase().includes(needle) ||
        conversation.messages.some((message) => message.content.toLowerCase().includes(needle)),
    )
    .toArray();
}

const currentKey = 'current-conversation';

/** The conversation the chat screen shows, so a reload comes back to it. */
export async function getCurrentConversationId(): Promise<string | null> {
  return (await db().meta.get(currentKey))?.value ?? null;
}

export async function setCurrentConversationId(id: string | null): Promise<void> {
  await db().meta.put({ key: currentKey, value: id });
}

