import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  deleteConversation,
  getConversation,
  listConversations,
  renameConversation,
  saveConversation,
  type Conversation,
} from './conversation-db';
import { titleFromQuestion } from './conversation-title';
import { conversationToJson, conversationToMarkdown, exportFileBase } from './export-conversation';

const conversation = (id: string, updatedAt: number, question: string, answer: string): Conversation => ({
  id,
  title: titleFromQuestion(question),
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  updatedAt,
  provider: 'gemini',
  model: 'gemini-2.0-flash',
  prompt: 'be brief',
  messages: [
    { id: `${id}-q`, role: 'user', content: question, provider: 'gemini', timestamp: updatedAt - 10 },
    { id: `${id}-a`, role: 'assistant', content: answer, provider: 'gemini', model: 'gemini-2.0-flash', timestamp: updatedAt },
  ],
});

describe('saved conversations', () => {
  it('lists newest first and searches titles and message text, case-insensitively', async () => {
    await saveConversation(conversation('a', 1000, 'What is 言葉?', 'It means WORDS.'));
    await saveConversation(conversation('b', 2000, 'Kanji for tree', '木 (ki)'));
    expect((await listConversations()).map((c) => c.id)).toEqual(['b', 'a']);
    expect((await listConversations('words')).map((c) => c.id)).toEqual(['a']);
    expect((await listConversations('KANJI')).map((c) => c.id)).toEqual(['b']);
    expect(await listConversations('nothing like this')).toEqual([]);
  });

  it('renames (marking the title as edited) and deletes', async () => {
    await renameConversation('a', '  Words  ');
    expect(await getConversation('a')).toMatchObject({ title: 'Words', titleEdited: true });
    await deleteConversation('a');
    expect(await getConversation('a')).toBeUndefined();
  });

  it('titles come from the first line of the first question', () => {
    expect(titleFromQuestion('  first line\nsecond')).toBe('first line');
    expect(titleFromQuestion('x'.repeat(80))).toHaveLength(48);
    expect(titleFromQuestion('   ')).toBe('New conversation');
  });
});

describe('export', () => {
  const saved = conversation('c', Date.UTC(2026, 0, 2, 3, 5), 'What is 言葉?', '**words**\n\n| a |\n|---|\n| 1 |');

  it('writes Markdown with the title, the system prompt and every message', () => {
    const markdown = conversationToMarkdown(saved);
    expect(markdown.startsWith('# What is 言葉?\n')).toBe(true);
    expect(markdown).toContain('> **system:** be brief');
    expect(markdown).toContain('## user · gemini · 2026-01-02 03:04:59');
    expect(markdown).toContain('**words**\n\n| a |');
  });

  it('writes JSON that reads back to the same conversation', () => {
    expect(JSON.parse(conversationToJson(saved))).toEqual(saved);
  });

  it('names files by date and title', () => {
    expect(exportFileBase(saved)).toBe('chat-2026-01-02-What-is-言葉');
  });
});
