import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../common/settings';
import { listConversations, saveConversation, type Conversation } from '../../features/chat/conversation-db';
import { readChatCache } from '../../features/chat/chat-cache';
import { listSearches, recordSearch } from '../../features/shonagon/history/history-db';
import { useEngineFlags } from '../../features/translate/engine-flags';
import { getSettings, useSettingsStore } from '../../lib/settings-store';
import { importAll, exportAll, BackupError } from '../../lib/sync/backup';
import { readSyncConfig, writeSyncConfig, defaultSyncConfig } from '../../lib/sync/sync-config';
import { syncDb } from '../../lib/sync/sync-db';
import type { LocalRecord } from '../../lib/sync/sync-source';
import { syncSources } from './sync-sources';

const everything = () => true;
const sourceOf = (kind: string) => syncSources.find((source) => source.kind === kind)!;
const byId = (records: LocalRecord[]) => Object.fromEntries(records.map((record) => [record.id, record]));

const conversation: Conversation = {
  id: 'c1',
  title: '敬語の使い方',
  createdAt: Date.UTC(2026, 10, 1),
  updatedAt: Date.UTC(2026, 10, 1, 0, 5),
  provider: 'gemini',
  model: 'gemini-2.0-flash',
  prompt: '日本語の先生として答えてください。',
  messages: [
    { id: 'm1', role: 'user', content: '「召し上がる」はいつ使いますか？', provider: 'gemini', timestamp: Date.UTC(2026, 10, 1, 0, 1) },
    { id: 'm2', role: 'assistant', content: '目上の人が食べるときに使います。', provider: 'gemini', timestamp: Date.UTC(2026, 10, 1, 0, 2) },
    { id: 'm3', role: 'assistant', content: '途中', provider: 'gemini', timestamp: Date.UTC(2026, 10, 1, 0, 3), pending: true },
  ],
};

async function clearEverything() {
  localStorage.clear();
  useSettingsStore.getState().resetToDefaults();
  useSettingsStore.getState().reload();
  useEngineFlags.setState({ flags: {} });
  await Promise.all(['kotonoha-chat', 'kotonoha-shonagon', 'kotonoha-sync'].map((name) => indexedDB.deleteDatabase(name)));
  const db = syncDb();
  await Promise.all([db.records.clear(), db.unreadable.clear(), db.state.clear()]);
  for (const conversation of await listConversations()) await (await import('../../features/chat/conversation-db')).deleteConversation(conversation.id);
}

beforeEach(clearEverything);

describe('what travels', () => {
  it('keeps keys and tokens out of every record but the keys kind, and puts them back beside what arrives', async () => {
    const settings = defaultSettings();
    settings.aichat.openai_key = 'sk-openai-secret';
    settings.aichat.openai_base_url = 'https://gateway.example';
    settings.translator.dynamicConfigs = [{ id: '1', configId: 'OpenAI', name: 'GPT', value: { apiKey: 'sk-engine-secret', model: 'gpt-4o-mini' } }];
    settings.uploadToken = 'upload-secret';
    useSettingsStore.getState().save(settings);

    const plain = [...(await sourceOf('settings').list()), ...(await sourceOf('engines').list())];
    expect(JSON.stringify(plain)).not.toMatch(/secret/);
    expect(byId(plain)['settings.aichat']!.data).toMatchObject({ openai_base_url: 'https://gateway.example' });
    expect(byId(plain)['settings.aichat']!.pristine).toBe(false);
    expect(byId(plain)['settings.uploadToken']).toBeUndefined();
    const keys = byId(await sourceOf('keys').list());
    expect(JSON.stringify(keys)).toMatch(/sk-openai-secret/);
    expect(keys['keys.translator']!.data).toEqual({ fields: { niuTransApikey: '' }, entries: { '1': { apiKey: 'sk-engine-secret' } } });
    expect(keys['keys.uploadToken']!.data).toEqual({ fields: { value: 'upload-secret' }, entries: {} });

    // Another device's translator engines, without keys: the local engine keeps its key.
    await sourceOf('engines').apply(
      [{ id: 'engines.translator', type: 'engines', data: { ...(byId(plain)['engines.translator']!.data as object), dynamicConfigs: [{ id: '1', configId: 'OpenAI', name: 'GPT-4o', value: { model: 'gpt-4o' } }] } }],
      { isDeleted: () => false },
    );
    expect(getSettings().translator.dynamicConfigs).toEqual([{ id: '1', configId: 'OpenAI', name: 'GPT-4o', value: { apiKey: 'sk-engine-secret', model: 'gpt-4o' } }]);
  });

  it('marks settings at their defaults as never edited, so any other device’s version wins', async () => {
    for (const record of [...(await sourceOf('settings').list()), ...(await sourceOf('preferences').list()), ...(await sourceOf('keys').list())]) expect(record.pristine, record.id).toBe(true);
  });

  it('refuses a section of the wrong shape and keeps the current one', async () => {
    const refused = await sourceOf('preferences').apply([{ id: 'preference.theme', type: 'preference', data: 'sepia' }, { id: 'preference.language', type: 'preference', data: 'ja' }], { isDeleted: () => false });
    expect(getSettings().language).toBe('ja');
    expect(getSettings().theme).toBe('light');
    expect(refused).toEqual([]);
    expect(await sourceOf('settings').apply([{ id: 'settings.notion', type: 'settings', data: { dynamicConfigs: 'nope' } }], { isDeleted: () => false })).toEqual(['settings.notion']);
  });

  it('unticks API keys on this device when another took the keys off the vault, and keeps the keys here', async () => {
    writeSyncConfig({ ...defaultSyncConfig(), on: true, apiKeys: true });
    useSettingsStore.getState().save({ ...defaultSettings(), aichat: { ...defaultSettings().aichat, gemini_key: 'AIza-kept' } });
    await sourceOf('keys').apply([{ id: 'keys.aichat', type: 'keys', data: null }], { isDeleted: () => false });
    expect(readSyncConfig().apiKeys).toBe(false);
    expect(getSettings().aichat.gemini_key).toBe('AIza-kept');
  });

  it('sends a chat as its head and each finished message, and builds it back from them in order', async () => {
    await saveConversation(conversation);
    const records = await sourceOf('chats').list();
    // The reply left pending weeks ago was interrupted: it travels, without the mark.
    expect(records.map((record) => record.id)).toEqual(['chat.c1', 'message.c1.m1', 'message.c1.m2', 'message.c1.m3']);
    expect(records.every((record) => !record.held && !('pending' in (record.data as object)))).toBe(true);
    // A reply streaming now waits until it ends; its chat travels.
    await saveConversation({ ...conversation, id: 'c9', messages: [{ ...conversation.messages[2]!, timestamp: Date.now() }] });
    expect((await sourceOf('chats').list()).filter((record) => record.id.includes('c9')).map((record) => [record.id, record.held])).toEqual([
      ['chat.c9', undefined],
      ['message.c9.m3', true],
    ]);
    await clearEverything();
    // Messages may arrive before their chat's head, and from two devices.
    await sourceOf('chats').apply(
      [
        { id: 'message.c1.m2', type: 'message', data: byId(records)['message.c1.m2']!.data },
        { id: 'message.c1.m9', type: 'message', data: { id: 'm9', role: 'user', content: 'スマホから', provider: 'gemini', timestamp: Date.UTC(2026, 10, 1, 0, 1, 30) } },
      ],
      { isDeleted: () => false },
    );
    await sourceOf('chats').apply([records[0]!, records[1]!].map(({ id, type, data }) => ({ id, type, data })), { isDeleted: () => false });
    expect((await listConversations()).map((c) => c.id)).toEqual(['c1']);
    const [restored] = await listConversations();
    expect(restored!.title).toBe('敬語の使い方');
    expect(restored!.messages.map((message) => message.content)).toEqual(['「召し上がる」はいつ使いますか？', 'スマホから', '目上の人が食べるときに使います。']);
    // A message for a chat the vault holds as deleted brings nothing back.
    await sourceOf('chats').apply([{ id: 'message.c2.x', type: 'message', data: { id: 'x', role: 'user', content: '…', provider: 'gemini', timestamp: 1 } }], { isDeleted: (id) => id === 'chat.c2' });
    expect((await listConversations()).map((c) => c.id)).toEqual(['c1']);
  });

  it('keeps a question before its reply when both have the same millisecond', async () => {
    const at = Date.UTC(2026, 10, 2);
    const question = { id: 'zz-question', role: 'user', content: '質問', provider: 'gemini', timestamp: at };
    const reply = { id: 'aa-reply', role: 'assistant', content: '答え', provider: 'gemini', timestamp: at };
    await sourceOf('chats').apply(
      [
        { id: 'chat.c3', type: 'chat', data: { title: '同じ瞬間', createdAt: at, updatedAt: at, provider: 'gemini', model: 'gemini-2.0-flash', prompt: '' } },
        { id: 'message.c3.zz-question', type: 'message', data: question },
        { id: 'message.c3.aa-reply', type: 'message', data: reply },
      ],
      { isDeleted: () => false },
    );
    expect((await listConversations())[0]!.messages.map((message) => message.content)).toEqual(['質問', '答え']);
  });

  it('sends Shonagon’s history by query and mode', async () => {
    await recordSearch({ query: '猫', mode: 'string', total: 120, createdAt: 1000 });
    const [record] = await sourceOf('shonagon').list();
    await sourceOf('shonagon').apply([{ id: record!.id, type: 'search', data: { query: '猫', mode: 'string', total: 130, createdAt: 2000 } }], { isDeleted: () => false });
    expect(await listSearches()).toEqual([expect.objectContaining({ query: '猫', total: 130, createdAt: 2000 })]);
    await sourceOf('shonagon').apply([{ id: record!.id, type: 'search', data: null }], { isDeleted: () => false });
    expect(await listSearches()).toEqual([]);
  });
});

describe('export all and import all', () => {
  it('brings every chat, setting and prompt back after the storage was cleared, keys only when asked for', async () => {
    await saveConversation(conversation);
    useSettingsStore.getState().save({ ...defaultSettings(), aichat: { ...defaultSettings().aichat, deepseek_key: 'sk-deepseek', floatingChatPrompt: '短く答えて' } });
    useSettingsStore.getState().setPreferences({ language: 'ja' });
    const withoutKeys = await exportAll(syncSources, (kind) => kind !== 'keys');
    expect(withoutKeys).not.toMatch(/sk-deepseek/);
    const withKeys = await exportAll(syncSources, everything);
    await clearEverything();
    expect(await listConversations()).toEqual([]);
    const result = await importAll(withKeys, syncSources, everything);
    expect(result.unreadable).toBe(0);
    const [restored] = await listConversations();
    expect(restored!.messages.map((message) => message.id)).toEqual(['m1', 'm2', 'm3']);
    expect(getSettings()).toMatchObject({ language: 'ja', aichat: { deepseek_key: 'sk-deepseek', floatingChatPrompt: '短く答えて' } });
  });

  it('never overwrites what was edited here after the backup was made', async () => {
    useSettingsStore.getState().setPreferences({ theme: 'dark' });
    const backup = await exportAll(syncSources, everything);
    await new Promise((resolve) => setTimeout(resolve, 5));
    useSettingsStore.getState().setPreferences({ theme: 'system' });
    await importAll(backup, syncSources, everything);
    expect(getSettings().theme).toBe('system');
  });

  it('seals a backup with its own passphrase, and tells a wrong one or a file that is not a backup', async () => {
    await saveConversation(conversation);
    const sealed = await exportAll(syncSources, everything, 'a backup passphrase');
    expect(sealed).not.toMatch(/敬語|召し上がる/);
    await clearEverything();
    await expect(importAll(sealed, syncSources, everything)).rejects.toEqual(new BackupError('needs-passphrase'));
    await expect(importAll(sealed, syncSources, everything, 'not the passphrase')).rejects.toEqual(new BackupError('wrong-passphrase'));
    await expect(importAll('{"settings": {}}', syncSources, everything)).rejects.toEqual(new BackupError('not-backup'));
    expect(await listConversations()).toEqual([]);
    await importAll(sealed, syncSources, everything, 'a backup passphrase');
    expect((await listConversations())[0]!.title).toBe('敬語の使い方');
    expect(readChatCache().prompt).toBeTruthy();
  });
});
