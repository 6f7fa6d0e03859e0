import 'fake-indexeddb/auto';
import { notificationsStore } from '@mantine/notifications';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../../common/settings';
import { startFakeServer, type FakeServer, type RecordedRequest } from '../../../../test-support/fake-server';
import { geminiWire } from '../../../../test-support/fakes/ai-wire';
import { useSettingsStore } from '../../lib/settings-store';
import { createChatSession, type ChatSessionStore } from './chat-store';
import { getConversation, getCurrentConversationId, saveConversation } from './conversation-db';
import type { ChatMessage } from './types';

type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;
let handler: Handler;
let fake: FakeServer;

const sse = (response: ServerResponse) => response.writeHead(200, { 'content-type': 'text/event-stream' });
// Gemini's alt=sse stream: CRLF framing, no terminator (docs/protocols/gemini.md).
const frame = (event: string) => `${event}\r\n\r\n`;
const replayGemini: Handler = (_request, response) => {
  sse(response);
  response.end(geminiWire.streamEvents.map(frame).join(''));
};
const fullReply = 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y';

beforeAll(async () => {
  fake = await startFakeServer((request, response) => handler(request, response));
});
afterAll(() => fake.close());

function useGemini(key = 'test-key') {
  const settings = defaultSettings();
  settings.aichat.gemini_key = key;
  settings.aichat.gemini_base_url = `${fake.url}/v1beta`;
  useSettingsStore.getState().save(settings);
}

const toasts = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map((n) => String(n.message));

function session(options: { memory?: boolean; persist?: boolean } = {}): ChatSessionStore {
  return createChatSession({
    persist: options.persist ?? false,
    memory: options.memory ?? true,
    config: { prompt: 'be brief', temperature: 0.5, selectedProvider: 'gemini', selectedModel: 'gemini-2.0-flash' },
  });
}

async function finished(store: ChatSessionStore) {
  await store.getState().running;
  expect(store.getState().status).toBe('idle');
}

const sentBody = (index = -1) => JSON.parse(fake.requests.at(index)!.body.toString()) as { contents: Array<{ role: string; parts: Array<{ text: string }> }>; systemInstruction?: unknown; system_instruction?: unknown };

beforeEach(() => {
  fake.requests.length = 0;
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  handler = replayGemini;
  useGemini();
});

describe('chat session', () => {
  it('streams the reply into the last message and sends only role and content', async () => {
    const store = session();
    expect(store.getState().send('How many r in strawberry?')).toBe(true);
    expect(store.getState().status).toBe('processing');
    expect(store.getState().messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    await finished(store);
    const [user, reply] = store.getState().messages;
    expect(user).toMatchObject({ role: 'user', content: 'How many r in strawberry?', provider: 'gemini' });
    expect(reply).toMatchObject({ role: 'assistant', content: fullReply, provider: 'gemini', model: 'gemini-2.0-flash', pending: false });
    expect(typeof reply.timestamp).toBe('number');
    const body = sentBody();
    expect(fake.requests.at(-1)!.url).toContain('gemini-2.0-flash:streamGenerateContent');
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'How many r in strawberry?' }] }]);
    expect(JSON.stringify(body.systemInstruction ?? body.system_instruction)).toContain('be brief');
  });

  it('ignores a blank question', () => {
    const store = session();
    expect(store.getState().send('   \n ')).toBe(false);
    expect(store.getState().messages).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('without a key shows the alert and sends nothing', () => {
    useGemini('');
    const store = session();
    expect(store.getState().send('hello')).toBe(false);
    expect(store.getState().messages).toEqual([]);
    expect(fake.requests).toHaveLength(0);
    expect(toasts()).toContain('please set the Gemini apikey first');
  });

  it('sends the earlier exchange with the next question (memory) but not in the compact chat', async () => {
    const store = session();
    store.getState().send('first');
    await finished(store);
    store.getState().send('second');
    await finished(store);
    expect(sentBody().contents.map((c) => [c.role, c.parts[0].text])).toEqual([
      ['user', 'first'],
      ['model', fullReply],
      ['user', 'second'],
    ]);

    const compact = session({ memory: false });
    compact.getState().send('first');
    await finished(compact);
    compact.getState().send('second');
    await finished(compact);
    expect(sentBody().contents).toEqual([{ role: 'user', parts: [{ text: 'second' }] }]);
    expect(compact.getState().messages).toHaveLength(4);
  });

  it('429: toast 请求过于频繁或已超过配额，请稍后再试, empty result, idle again', async () => {
    handler = (_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end(geminiWire.rateLimited);
    };
    const store = session();
    store.getState().send('hi');
    await finished(store);
    expect(store.getState().messages.at(-1)).toMatchObject({ content: '', pending: false });
    expect(toasts()).toContain('请求过于频繁或已超过配额，请稍后再试');
  });

  it('a non-ok status becomes a request error toast and the screen is usable again', async () => {
    handler = (_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(geminiWire.invalidKey);
    };
    const store = session();
    store.getState().send('hi');
    await finished(store);
    expect(toasts().some((message) => message.startsWith('request error: '))).toBe(true);
    expect(store.getState().messages.at(-1)!.error).toBeTruthy();
    handler = replayGemini;
    expect(store.getState().send('again')).toBe(true);
    await finished(store);
    expect(store.getState().messages.at(-1)!.content).toBe(fullReply);
  });

  it('a stream cut mid-reply keeps the text that arrived and toasts the error', async () => {
    handler = (_request, response) => {
      sse(response);
      response.write(frame(geminiWire.streamEvents[0]));
      setTimeout(() => response.socket?.destroy(), 50);
    };
    const store = session();
    store.getState().send('hi');
    await finished(store);
    expect(store.getState().messages.at(-1)!.content).toBe('There are **3**');
    expect(toasts().some((message) => message.startsWith('request error: '))).toBe(true);
  });

  it('stop aborts, logs 请求已被取消 and keeps the partial text', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    handler = (_request, response) => {
      sse(response);
      response.write(frame(geminiWire.streamEvents[0]));
    };
    const store = session();
    store.getState().send('hi');
    await vi.waitFor(() => expect(store.getState().messages.at(-1)!.content).toBe('There are **3**'));
    store.getState().stop();
    await finished(store);
    expect(info).toHaveBeenCalledWith('请求已被取消');
    expect(store.getState().messages.at(-1)).toMatchObject({ content: 'There are **3**', pending: false });
    expect(toasts().filter((message) => message.startsWith('request error'))).toEqual([]);
    info.mockRestore();
  });

  it('saves the conversation in IndexedDB and brings it back in a new session object', async () => {
    const store = session({ persist: true });
    store.getState().send('remember me');
    await finished(store);
    const id = store.getState().conversationId!;
    await vi.waitFor(async () => expect((await getConversation(id))?.messages.at(-1)?.content).toBe(fullReply));
    expect(await getCurrentConversationId()).toBe(id);
    expect((await getConversation(id))!.title).toBe('remember me');

    const reloaded = session({ persist: true });
    await reloaded.getState().restore();
    expect(reloaded.getState().messages.map((m) => m.content)).toEqual(['remember me', fullReply]);

    reloaded.getState().newSession();
    expect(reloaded.getState().messages).toEqual([]);
    await vi.waitFor(async () => expect(await getCurrentConversationId()).toBeNull());
    expect(await getConversation(id)).toBeDefined();
  });

  /** What sync writes when another device added a message to this conversation. */
  async function anotherDeviceAdds(id: string, content: string): Promise<ChatMessage> {
    const stored = (await getConversation(id))!;
    const message: ChatMessage = { id: `elsewhere-${content}`, role: 'user', content, provider: 'gemini', model: 'gemini-2.0-flash', timestamp: Date.now() };
    await saveConversation({ ...stored, messages: [...stored.messages, message] });
    return message;
  }

  it('reread shows a message another device added to the open conversation (sync)', async () => {
    const store = session({ persist: true });
    store.getState().send('first');
    await finished(store);
    const id = store.getState().conversationId!;
    await vi.waitFor(async () => expect((await getConversation(id))?.messages.at(-1)?.content).toBe(fullReply));
    await anotherDeviceAdds(id, 'from my phone');
    await store.getState().reread();
    expect(store.getState().messages.map((m) => m.content)).toEqual(['first', fullReply, 'from my phone']);
  });

  it('a message that arrives while a reply streams is kept by the saves and shown when the reply ends', async () => {
    let release: () => void = () => {};
    const store = session({ persist: true });
    store.getState().send('first');
    await finished(store);
    const id = store.getState().conversationId!;
    await vi.waitFor(async () => expect((await getConversation(id))?.messages.at(-1)?.content).toBe(fullReply));

    handler = (_request, response) => {
      sse(response);
      response.write(frame(geminiWire.streamEvents[0]));
      release = () => response.end(geminiWire.streamEvents.slice(1).map(frame).join(''));
    };
    store.getState().send('second');
    await vi.waitFor(() => expect(store.getState().messages.at(-1)!.content).toBe('There are **3**'));
    await anotherDeviceAdds(id, 'from my phone');
    await store.getState().reread();
    // Not in the middle of the streaming reply…
    expect(store.getState().messages.map((m) => m.content)).toEqual(['first', fullReply, 'second', 'There are **3**']);
    release();
    await finished(store);
    // …but there once it has ended, and in what is saved.
    expect(store.getState().messages.map((m) => m.content)).toContain('from my phone');
    await vi.waitFor(async () => expect((await getConversation(id))!.messages.map((m) => m.content)).toContain('from my phone'));
    // In time order, as sync orders a conversation's messages: the phone's came after the reply began.
    expect((await getConversation(id))!.messages.map((m) => m.content)).toEqual(['first', fullReply, 'second', fullReply, 'from my phone']);
  });

  it('regenerate replaces the last reply with a new one for the same question', async () => {
    const store = session();
    store.getState().send('q');
    await finished(store);
    expect(store.getState().regenerate()).toBe(true);
    await finished(store);
    expect(store.getState().messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(sentBody().contents).toEqual([{ role: 'user', parts: [{ text: 'q' }] }]);
  });
});
