import type { ProviderName } from '../../../common/ai-providers';

export type ChatRole = 'user' | 'system' | 'assistant' | 'model';

/** A chat message (docs/behaviour.md "Chat"): provider, content, role, timestamp. Only role and content are sent. */
export interface ChatMessage {
  id: string;
  role: ChatRole;
  content: string;
  provider: ProviderName;
  model?: string;
  /** ms since the epoch */
  timestamp: number;
  /** Set while the reply streams; a saved message still pending after a reload was interrupted. */
  pending?: boolean;
  /** What went wrong with this reply (shown under it); the text that arrived is kept. */
  error?: string;
}

export type ChatStatus = 'idle' | 'processing';
