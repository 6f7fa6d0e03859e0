import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { emit } from '../../lib/events';
import { getConversation, saveConversation, type Conversation } from './conversation-db';
import { getMainSession } from './main-session';

it('the chat screen shows what sync wrote into the open conversation', async () => {
  const message = (id: string, content: string, timestamp: number) => ({ id, role: 'user' as const, content, provider: 'gemini' as const, model: 'gemini-2.0-flash', timestamp });
  const conversation: Conversation = { id: 'c1', title: 'hello', createdAt: 1, updatedAt: 1, provider: 'gemini', model: 'gemini-2.0-flash', prompt: '', messages: [message('m1', 'on the laptop', 1)] };
  await saveConversation(conversation);
  const session = getMainSession();
  session.getState().openConversation(conversation);

  // What the sync round writes, then says it wrote.
  await saveConversation({ ...(await getConversation('c1'))!, messages: [...conversation.messages, message('m2', 'on the phone', 2)] });
  emit('synced', { types: ['preference'] });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(session.getState().messages.map((m) => m.content)).toEqual(['on the laptop']);
  emit('synced', { types: ['message'] });
  await vi.waitFor(() => expect(session.getState().messages.map((m) => m.content)).toEqual(['on the laptop', 'on the phone']));
});
