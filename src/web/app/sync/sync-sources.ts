import { defaultSettings, mergeSection, type DynamicConfigEntry, type Settings, type SettingsSection } from '../../../common/settings';
import { searchModeSchema } from '../../../common/shonagon';
import { defaultChatCache, readChatCache, writeChatCache } from '../../features/chat/chat-cache';
import { deleteConversation, getConversation, listConversations, saveConversation, type Conversation } from '../../features/chat/conversation-db';
import type { ChatMessage } from '../../features/chat/types';
import { allSearches, mergeSearches } from '../../features/shonagon/history/history-db';
import { replaceEngineFlags, useEngineFlags, type EngineFlags } from '../../features/translate/engine-flags';
import { getSettings, useSettingsStore } from '../../lib/settings-store';
import { storageKeys } from '../../lib/storage';
import { readSyncConfig, writeSyncConfig } from '../../lib/sync/sync-config';
import { digest, stableJson, type IncomingChange, type LocalRecord, type SyncSource } from '../../lib/sync/sync-source';

/**
 * What travels between the learner's devices, record by record (docs/sync.md "What travels"):
 * this module composes the features' stores for the sync library, which knows none of them.
 */

const preferenceSections = ['language', 'theme', 'furigana'] as const;
/** Sections that travel as their own kinds, not as "settings". */
const ownKinds = new Set<SettingsSection>([...preferenceSections, 'anki', 'translator']);

/** Fields of a dynamic config entry's value that hold a key or token. */
const secretEntryFields = ['apiKey', 'token'];
const isSecretField = (section: SettingsSection, field: string) =>
  (section === 'aichat' && field.endsWith('_key')) ||
  (section === 'translator' && field === 'niuTransApikey') ||
  (section === 'speech' && field === 'serviceToken') ||
  (section === 'anki' && field === 'apiKey') ||
  (section === 'notion' && field === 'updateToken') ||
  (section === 'xpan' && field === 'accessToken');
/** Sections that are a key or token whole. */
const secretSections = new Set<SettingsSection>(['uploadToken', 'accessToken']);

type Plain = Record<string, unknown>;
interface Secrets {
  fields: Record<string, unknown>;
  /** By dynamic config entry id. */
  entries: Record<string, Record<string, unknown>>;
}

const isObject = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A section without its keys and tokens, and those keys and tokens apart. */
function splitSecrets(section: SettingsSection, value: unknown): { plain: unknown; secrets: Secrets } {
  const secrets: Secrets = { fields: {}, entries: {} };
  if (secretSections.has(section)) return { plain: undefined, secrets: { fields: { value }, entries: {} } };
  if (!isObject(value)) return { plain: value, secrets };
  const plain: Plain = {};
  for (const [field, inner] of Object.entries(value)) {
    if (isSecretField(section, field)) secrets.fields[field] = inner;
    else if (field === 'dynamicConfigs' && Array.isArray(inner)) {
      plain[field] = (inner as DynamicConfigEntry[]).map((entry) => {
        const kept: Plain = {};
        for (const [name, fieldValue] of Object.entries(entry.value ?? {})) {
          if (secretEntryFields.includes(name)) (secrets.entries[String(entry.id)] ??= {})[name] = fieldValue;
          else kept[name] = fieldValue;
        }
        return { ...entry, value: kept };
      });
    } else plain[field] = inner;
  }
  return { plain, secrets };
}

function joinSecrets(section: SettingsSection, plain: unknown, secrets: Secrets): unknown {
  if (secretSections.has(section)) return secrets.fields.value;
  if (!isObject(plain)) return plain;
  const joined: Plain = { ...plain, ...secrets.fields };
  if (Array.isArray(plain.dynamicConfigs)) {
    joined.dynamicConfigs = (plain.dynamicConfigs as DynamicConfigEntry[]).map((entry) => ({ ...entry, value: { ...entry.value, ...secrets.entries[String(entry.id)] } }));
  }
  return joined;
}

const sectionNames = () => Object.keys(defaultSettings()) as SettingsSection[];
const same = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

/** A section's plain record, as it travels: aichat's floating prompt travels with the prompts. */
function plainOf(section: SettingsSection, settings: Settings): unknown {
  const { plain } = splitSecrets(section, settings[section]);
  if (section === 'aichat' && isObject(plain)) {
    const { floatingChatPrompt: _prompt, ...rest } = plain;
    return rest;
  }
  return plain;
}

function recordOf(section: SettingsSection, settings: Settings, type: string, id: string): LocalRecord {
  const data = plainOf(section, settings);
  return { id, type, data, pristine: same(data, plainOf(section, defaultSettings())) };
}

/**
 * Writes sections from elsewhere over the saved settings, each checked against its schema; answers
 * the ids whose content did not fit.
 */
function applySections(changes: IncomingChange[], sectionOf: (id: string) => SettingsSection | undefined, build: (section: SettingsSection, data: unknown, current: Settings) => unknown): string[] {
  const current = getSettings();
  const patch: Partial<Record<SettingsSection, unknown>> = {};
  const refused: string[] = [];
  for (const change of changes) {
    const section = sectionOf(change.id);
    if (!section || change.data === null) continue;
    const merged = mergeSection(section, current[section], build(section, change.data, current));
    if (merged === undefined) refused.push(change.id);
    else patch[section] = merged;
  }
  if (Object.keys(patch).length) useSettingsStore.getState().applySections(patch as Partial<Settings>);
  return refused;
}

const withLocalSecrets = (section: SettingsSection, data: unknown, current: Settings) => {
  const joined = joinSecrets(section, data, splitSecrets(section, current[section]).secrets);
  return section === 'aichat' && isObject(joined) ? { ...joined, floatingChatPrompt: current.aichat.floatingChatPrompt } : joined;
};

const settingsSource: SyncSource = {
  kind: 'settings',
  types: ['settings'],
  storageKeys: [storageKeys.settings],
  list: async () => {
    const settings = getSettings();
    return sectionNames()
      .filter((section) => !ownKinds.has(section) && !secretSections.has(section))
      .map((section) => recordOf(section, settings, 'settings', `settings.${section}`));
  },
  apply: async (changes) =>
    applySections(
      changes,
      (id) => {
        const section = id.slice('settings.'.length) as SettingsSection;
        return sectionNames().includes(section) && !ownKinds.has(section) && !secretSections.has(section) ? section : undefined;
      },
      withLocalSecrets,
    ),
};

const preferencesSource: SyncSource = {
  kind: 'preferences',
  types: ['preference'],
  storageKeys: [storageKeys.settings],
  list: async () => preferenceSections.map((section) => recordOf(section, getSettings(), 'preference', `preference.${section}`)),
  apply: async (changes) =>
    applySections(
      changes,
      (id) => preferenceSections.find((section) => id === `preference.${section}`),
      (_section, data) => data,
    ),
};

const ankiSource: SyncSource = {
  kind: 'anki',
  types: ['anki'],
  storageKeys: [storageKeys.settings],
  list: async () => [recordOf('anki', getSettings(), 'anki', 'anki.mapping')],
  apply: async (changes) => applySections(changes, (id) => (id === 'anki.mapping' ? 'anki' : undefined), withLocalSecrets),
};

const enginesSource: SyncSource = {
  kind: 'engines',
  types: ['engines'],
  storageKeys: [storageKeys.settings, storageKeys.translatorEngines],
  list: async () => [recordOf('translator', getSettings(), 'engines', 'engines.translator'), { id: 'engines.flags', type: 'engines', data: useEngineFlags.getState().flags, pristine: Object.keys(useEngineFlags.getState().flags).length === 0 }],
  apply: async (changes) => {
    const refused = applySections(
      changes.filter((change) => change.id === 'engines.translator'),
      () => 'translator',
      withLocalSecrets,
    );
    const flags = changes.find((change) => change.id === 'engines.flags');
    if (flags && flags.data !== null) {
      if (isObject(flags.data)) replaceEngineFlags(flags.data as EngineFlags);
      else refused.push(flags.id);
    }
    return refused;
  },
};

const promptsSource: SyncSource = {
  kind: 'prompts',
  types: ['prompt'],
  storageKeys: [storageKeys.settings, storageKeys.chat],
  list: async () => {
    const chat = readChatCache().prompt;
    const floating = getSettings().aichat.floatingChatPrompt;
    return [
      { id: 'prompt.chat', type: 'prompt', data: chat, pristine: chat === defaultChatCache().prompt },
      { id: 'prompt.floating', type: 'prompt', data: floating, pristine: floating === defaultSettings().aichat.floatingChatPrompt },
    ];
  },
  apply: async (changes) => {
    const refused: string[] = [];
    for (const change of changes) {
      if (change.data === null) continue;
      if (typeof change.data !== 'string') refused.push(change.id);
      else if (change.id === 'prompt.chat') writeChatCache({ ...readChatCache(), prompt: change.data });
      else if (change.id === 'prompt.floating') useSettingsStore.getState().applySections({ aichat: { ...getSettings().aichat, floatingChatPrompt: change.data } });
    }
    return refused;
  },
};

/** Keys and tokens: only with the `API keys` box ticked. */
const keysSource: SyncSource = {
  kind: 'keys',
  types: ['keys'],
  storageKeys: [storageKeys.settings],
  list: async () => {
    const settings = getSettings();
    const defaults = defaultSettings();
    return sectionNames()
      .map((section) => ({ section, secrets: splitSecrets(section, settings[section]).secrets }))
      .filter(({ secrets }) => Object.keys(secrets.fields).length || Object.keys(secrets.entries).length)
      .map(({ section, secrets }) => ({ id: `keys.${section}`, type: 'keys', data: secrets, pristine: same(secrets, splitSecrets(section, defaults[section]).secrets) }));
  },
  apply: async (changes) => {
    // Keys taken off the vault on another device: this device keeps its own and stops sending them too.
    if (changes.some((change) => change.data === null)) writeSyncConfig({ ...readSyncConfig(), apiKeys: false });
    const current = getSettings();
    const patch: Partial<Record<SettingsSection, unknown>> = {};
    const refused: string[] = [];
    for (const change of changes) {
      if (change.data === null) continue;
      const section = change.id.slice('keys.'.length) as SettingsSection;
      const secrets = change.data as Secrets;
      if (!sectionNames().includes(section) || !isObject(secrets) || !isObject(secrets.fields) || !isObject(secrets.entries)) {
        refused.push(change.id);
        continue;
      }
      const merged = mergeSection(section, current[section], joinSecrets(section, splitSecrets(section, current[section]).plain, secrets));
      if (merged === undefined) refused.push(change.id);
      else patch[section] = merged;
    }
    if (Object.keys(patch).length) useSettingsStore.getState().applySections(patch as Partial<Settings>);
    return refused;
  },
};

type ConversationHead = Omit<Conversation, 'messages'>;
/** A reply pending for longer than this was cut off (its tab closed), not streaming. */
const streamingForAtMostMs = 10 * 60_000;
const conversationId = (id: string) => id.split('.')[1] ?? '';

/** Each chat as a head (title, model, prompt, times) and each finished message as a record of its own. */
const chatsSource: SyncSource = {
  kind: 'chats',
  types: ['chat', 'message'],
  databases: ['kotonoha-chat'],
  list: async () => {
    const records: LocalRecord[] = [];
    const now = Date.now();
    for (const { messages, ...head } of await listConversations()) {
      // A reply streaming now travels once it has ended; one left pending long ago was interrupted
      // (the chat says so when opened) and travels as it is.
      const streaming = (message: ChatMessage) => message.pending === true && now - message.timestamp < streamingForAtMostMs;
      records.push({ id: `chat.${head.id}`, type: 'chat', data: head });
      for (const { pending: _pending, ...message } of messages) records.push({ id: `message.${head.id}.${message.id}`, type: 'message', data: message, held: streaming({ ...message, pending: _pending }) });
    }
    return records;
  },
  apply: async (changes, { isDeleted }) => {
    const refused: string[] = [];
    const byConversation = new Map<string, IncomingChange[]>();
    for (const change of changes) {
      const id = conversationId(change.id);
      byConversation.set(id, [...(byConversation.get(id) ?? []), change]);
    }
    for (const [id, group] of byConversation) {
      const head = group.find((change) => change.type === 'chat');
      if (head?.data === null || isDeleted(`chat.${id}`)) {
        await deleteConversation(id);
        continue;
      }
      const stored = await getConversation(id);
      let conversation: Conversation | undefined = stored;
      if (head) {
        const data = head.data as Partial<ConversationHead>;
        if (!isObject(data) || typeof data.title !== 'string' || typeof data.createdAt !== 'number' || typeof data.updatedAt !== 'number') {
          refused.push(head.id);
        } else conversation = { ...(stored ?? { messages: [] }), ...(data as ConversationHead), id };
      }
      const messages = new Map((conversation?.messages ?? []).map((message) => [message.id, message]));
      for (const change of group.filter((change) => change.type === 'message')) {
        const messageId = change.id.split('.').slice(2).join('.');
        if (change.data === null) {
          messages.delete(messageId);
          continue;
        }
        const message = change.data as Partial<ChatMessage>;
        if (!isObject(message) || typeof message.content !== 'string' || typeof message.role !== 'string' || typeof message.timestamp !== 'number') {
          refused.push(change.id);
          continue;
        }
        messages.set(messageId, { ...(message as ChatMessage), id: messageId });
      }
      // A message whose chat has not arrived yet waits in a chat of its own until the head comes.
      conversation ??= {
        id,
        title: '…',
        createdAt: Math.min(...[...messages.values()].map((message) => message.timestamp)),
        updatedAt: Math.max(...[...messages.values()].map((message) => message.timestamp)),
        provider: [...messages.values()][0]?.provider ?? 'gemini',
        model: '',
        prompt: '',
        messages: [],
      };
      if (!messages.size && !head) continue;
      // In time order; a question and its reply share a millisecond, and keep the order they came in (a stable sort).
      conversation.messages = [...messages.values()].sort((a, b) => a.timestamp - b.timestamp);
      await saveConversation(conversation);
    }
    return refused;
  },
};

/** One record per query and mode: the same search on two devices is one entry. */
const searchKey = (query: string, mode: string) => `search.${mode}.${digest(query)}`;

const shonagonSource: SyncSource = {
  kind: 'shonagon',
  types: ['search'],
  databases: ['kotonoha-shonagon'],
  list: async () => (await allSearches()).map(({ id: _id, ...entry }) => ({ id: searchKey(entry.query, entry.mode), type: 'search', data: entry })),
  apply: async (changes) => {
    const refused: string[] = [];
    const entries = [];
    for (const change of changes) {
      if (change.data === null) continue;
      const entry = change.data as { query?: unknown; mode?: unknown; total?: unknown; createdAt?: unknown };
      if (!isObject(entry) || typeof entry.query !== 'string' || !searchModeSchema.safeParse(entry.mode).success || typeof entry.total !== 'number' || typeof entry.createdAt !== 'number') {
        refused.push(change.id);
        continue;
      }
      entries.push({ query: entry.query, mode: searchModeSchema.parse(entry.mode), total: entry.total, createdAt: entry.createdAt });
    }
    // A search deleted elsewhere: its id names its query only by a digest, so the local list is matched.
    const deletedIds = new Set(changes.filter((change) => change.data === null).map((change) => change.id));
    const removed = deletedIds.size ? (await allSearches()).filter((entry) => deletedIds.has(searchKey(entry.query, entry.mode))) : [];
    await mergeSearches(entries, removed);
    return refused;
  },
};

export const syncSources: readonly SyncSource[] = [settingsSource, preferencesSource, ankiSource, enginesSource, promptsSource, keysSource, chatsSource, shonagonSource];
