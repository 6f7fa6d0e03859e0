import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  exportFileName,
  importMessages,
  importSettings,
  mergeSettings,
  parseStoredSettings,
  settingsSchema,
  type Settings,
} from './settings';
import { translatorEntryValue, translatorTemplateList, notionDatabaseTemplate } from './config-templates';

describe('defaultSettings', () => {
  it('matches the base defaults of docs/storage.md and validates against the schema', () => {
    const defaults = defaultSettings();
    expect(settingsSchema.safeParse(defaults).success).toBe(true);
    expect(defaults.shonagon).toEqual({ autoFollowFocus: false, autoTextSelect: false, autoSubstrQuery: true, apiBase: '' });
    expect(defaults.notion).toEqual({ updateToken: '', updateReviewTimeInterval: 5, dynamicConfigs: [], openLinkInApp: true, retention: 0.9 });
    expect(defaults.avsearch).toEqual({ requestMode: 'EventStream', proxyAllImgs: false, source: 'remote', remoteBase: '' });
    expect(defaults.uploadToken).toBe('');
    expect(defaults.accessToken).toBe('');
    expect(defaults.theme).toBe('light');
    expect(defaults.notifications).toEqual({ email: false, sms: false });
    expect(defaults.language).toBe('zh');
    expect(defaults.translator).toEqual({ niuTransApikey: '', niuTransVoiceAppId: '', niuTransPicAppId: '', showModel: false, dynamicConfigs: [] });
    expect(defaults.proxy).toEqual({ edgeProxyGemini: true });
    expect(defaults.xpan).toEqual({ accessToken: '' });
    for (const provider of ['openai', 'anthropic', 'gemini', 'deepseek', 'openrouter', 'siliconflow', 'doubao', 'chatglm']) {
      expect(defaults.aichat).toHaveProperty(`${provider}_key`, '');
      expect(defaults.aichat).toHaveProperty(`${provider}_base_url`, '');
    }
    expect(defaults.aichat).toMatchObject({ floatingChatPrompt: '', custom_base_url: '', custom_key: '', custom_models: '' });
  });

  it('gives a fresh object each time', () => {
    const a = defaultSettings();
    a.notion.dynamicConfigs.push({ id: '1', configId: 'Database', name: 'x', value: {} });
    expect(defaultSettings().notion.dynamicConfigs).toEqual([]);
  });
});

describe('parseStoredSettings (load)', () => {
  it('merges each stored section over its defaults, so fields added later get their default', () => {
    const stored = { shonagon: { autoFollowFocus: true }, aichat: { openai_key: 'sk-1' }, language: 'ja' };
    const settings = parseStoredSettings(JSON.stringify(stored));
    expect(settings.shonagon).toEqual({ autoFollowFocus: true, autoTextSelect: false, autoSubstrQuery: true, apiBase: '' });
    expect(settings.aichat.openai_key).toBe('sk-1');
    expect(settings.aichat.anthropic_key).toBe('');
    expect(settings.aichat.custom_models).toBe('');
    expect(settings.language).toBe('ja');
    expect(settings.notion).toEqual(defaultSettings().notion);
    expect(settings.speech).toEqual(defaultSettings().speech);
  });

  it('gives the defaults for nothing stored, corrupted JSON and non-object values', () => {
    const defaults = defaultSettings();
    expect(parseStoredSettings(null)).toEqual(defaults);
    for (const text of ['{"shonagon":', 'not json', '', 'undefined', '[1,2,3]', '[]', '42', '"a string"', 'null', 'true']) {
      expect(parseStoredSettings(text), text).toEqual(defaults);
    }
  });

  it('keeps the default of a section whose stored value has the wrong type, and keeps the rest', () => {
    const stored = {
      shonagon: 'yes',
      notion: { updateToken: 7, updateReviewTimeInterval: 9 },
      avsearch: { source: 'somewhere' },
      proxy: [true],
      uploadToken: { nested: true },
      language: 'en',
      translator: { niuTransApikey: 'nk', dynamicConfigs: [{ id: '1', configId: 'OpenAI', name: 'gpt', value: { model: 'x' } }] },
    };
    const settings = parseStoredSettings(JSON.stringify(stored));
    const defaults = defaultSettings();
    expect(settings.shonagon).toEqual(defaults.shonagon);
    expect(settings.notion).toEqual(defaults.notion);
    expect(settings.avsearch).toEqual(defaults.avsearch);
    expect(settings.proxy).toEqual(defaults.proxy);
    expect(settings.uploadToken).toBe('');
    expect(settings.language).toBe('en');
    expect(settings.translator.niuTransApikey).toBe('nk');
    expect(settings.translator.dynamicConfigs).toHaveLength(1);
  });

  it('ignores unknown top-level keys', () => {
    const settings = parseStoredSettings(JSON.stringify({ somethingElse: 1, theme: 'dark' }));
    expect(settings).not.toHaveProperty('somethingElse');
    expect(settings.theme).toBe('dark');
  });

  it('reads furigana off by default, keeps on and hover, and falls back to off for any other value without losing the rest', () => {
    expect(defaultSettings().furigana).toBe('off');
    expect(parseStoredSettings(JSON.stringify({ furigana: 'on' })).furigana).toBe('on');
    expect(parseStoredSettings(JSON.stringify({ furigana: 'hover' })).furigana).toBe('hover');
    for (const bad of ['always', 7, null, { on: true }, true]) {
      const settings = parseStoredSettings(JSON.stringify({ furigana: bad, theme: 'dark', language: 'ja', uploadToken: 'u' }));
      expect(settings.furigana).toBe('off');
      expect([settings.theme, settings.language, settings.uploadToken]).toEqual(['dark', 'ja', 'u']);
    }
  });

  it('accepts a numeric string for the review-time interval (older versions stored text)', () => {
    expect(parseStoredSettings(JSON.stringify({ notion: { updateReviewTimeInterval: '12' } })).notion.updateReviewTimeInterval).toBe(12);
  });

  it('takes a desired retention from 0.70 to 0.99; any other value falls back to 0.9, the rest of notion kept', () => {
    const read = (retention: unknown) => parseStoredSettings(JSON.stringify({ notion: { updateToken: 'tok', retention } })).notion;
    expect(read(0.85)).toMatchObject({ retention: 0.85, updateToken: 'tok' });
    expect(read(0.7).retention).toBe(0.7);
    expect(read(0.99).retention).toBe(0.99);
    for (const bad of [0.5, 1, 1.5, -0.9, '0.85', null, {}, Number.NaN]) {
      expect(read(bad), String(bad)).toMatchObject({ retention: 0.9, updateToken: 'tok' });
    }
  });
});

describe('mergeSettings', () => {
  it('returns null for values that are not objects', () => {
    const base = defaultSettings();
    for (const value of [null, undefined, [], [{ shonagon: {} }], 'x', 1, true]) expect(mergeSettings(base, value)).toBeNull();
  });

  it('merges over the given base, not over the defaults', () => {
    const base: Settings = { ...defaultSettings(), uploadToken: 'keep', aichat: { ...defaultSettings().aichat, gemini_key: 'g' } };
    const merged = mergeSettings(base, { aichat: { openai_key: 'o' } })!;
    expect(merged.uploadToken).toBe('keep');
    expect(merged.aichat.gemini_key).toBe('g');
    expect(merged.aichat.openai_key).toBe('o');
  });

  it('replaces an array section field rather than merging it', () => {
    const entry = { id: '1', configId: 'Database', name: 'a', value: {} };
    const base: Settings = { ...defaultSettings(), notion: { ...defaultSettings().notion, dynamicConfigs: [entry, entry] } };
    const merged = mergeSettings(base, { notion: { dynamicConfigs: [] } })!;
    expect(merged.notion.dynamicConfigs).toEqual([]);
  });
});

describe('importSettings (docs/storage.md "Import and export")', () => {
  const current = (): Settings => ({ ...defaultSettings(), uploadToken: 'mine', language: 'ja' });

  it('merges the file shallowly over the current settings: a section in the file replaces the current one', () => {
    const base: Settings = { ...current(), aichat: { ...defaultSettings().aichat, openai_key: 'mine', gemini_key: 'g' } };
    const result = importSettings(base, JSON.stringify({ aichat: { deepseek_key: 'dk' }, proxy: { edgeProxyGemini: false } }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings.aichat.deepseek_key).toBe('dk');
    // Shallow: the imported aichat section replaced the current one; its other fields are defaults.
    expect(result.settings.aichat.openai_key).toBe('');
    expect(result.settings.aichat.gemini_key).toBe('');
    expect(result.settings.aichat.floatingChatPrompt).toBe('');
    expect(result.settings.proxy.edgeProxyGemini).toBe(false);
    // Sections the file does not name are kept.
    expect(result.settings.uploadToken).toBe('mine');
    expect(result.settings.language).toBe('ja');
  });

  it('a whole exported file round-trips', () => {
    const exported: Settings = { ...current(), aichat: { ...defaultSettings().aichat, openai_key: 'o' }, theme: 'dark' };
    const result = importSettings(defaultSettings(), JSON.stringify(exported));
    expect(result).toEqual({ ok: true, settings: exported });
  });

  it('ignores top-level names it does not know', () => {
    const result = importSettings(current(), JSON.stringify({ somethingElse: 1, theme: 'dark' }));
    expect(result.ok && result.settings.theme).toBe('dark');
    expect(result.ok && 'somethingElse' in result.settings).toBe(false);
  });

  it('refuses broken JSON with JSON文件格式错误', () => {
    expect(importSettings(current(), '{"aichat": ')).toEqual({ ok: false, message: 'JSON文件格式错误' });
  });

  it('refuses a JSON array or a JSON scalar with JSON文件格式错误', () => {
    for (const text of ['[]', '[{"uploadToken":"x"}]', '1', 'null', '"text"']) {
      expect(importSettings(current(), text), text).toEqual({ ok: false, message: importMessages.badJson });
    }
  });

  it('refuses a non-text file result with 不支持的文件类型', () => {
    for (const content of [new ArrayBuffer(4), null, undefined, 3]) {
      expect(importSettings(current(), content)).toEqual({ ok: false, message: '不支持的文件类型' });
    }
  });

  it('refuses a file with a section of the wrong type, naming it, and imports none of it', () => {
    const result = importSettings(current(), JSON.stringify({ shonagon: 5, avsearch: { requestMode: 'Carrier pigeon' }, language: 'de' }));
    expect(result).toEqual({ ok: false, message: 'JSON文件格式错误: shonagon, avsearch' });
  });
});

describe('exportFileName', () => {
  it('is settings_ plus the first 10 characters of the ISO timestamp', () => {
    expect(exportFileName(new Date('2024-03-09T23:59:59.000Z'))).toBe('settings_2024-03-09.json');
    expect(exportFileName(new Date('2025-12-31T00:00:00.000Z'))).toBe('settings_2025-12-31.json');
  });
});

describe('config templates', () => {
  it('lists the five translator services and the Notion Database template', () => {
    expect(translatorTemplateList.map((template) => template.configId)).toEqual(['NiuTrans', 'SiliconFlow', 'OpenAI', 'Gemini', 'OpenRouter']);
    expect(notionDatabaseTemplate.items.map((item) => item.key).slice(0, 5)).toEqual(['token', 'databaseId', 'updateReviewTime', 'paginate', 'sql']);
    // MyNotion's additions (docs/decisions/0008-notion.md): chosen date properties, shown; the notes mapping, hidden.
    expect(notionDatabaseTemplate.items.slice(5).map((item) => [item.key, Boolean(item.hidden)])).toEqual([
      ['reviewProperty', false],
      ['dueProperty', false],
      ['lastReviewProperty', false],
      ['stabilityProperty', false],
      ['difficultyProperty', false],
      ['repsProperty', false],
      ['lapsesProperty', false],
      ['stateProperty', false],
      ['wordProperty', true],
      ['readingProperty', true],
      ['meaningProperty', true],
      ['exampleProperty', true],
    ]);
  });

  it('stores the temperature as tempreature with the template defaults', () => {
    const temperatures = Object.fromEntries(
      translatorTemplateList.flatMap((template) => {
        const item = template.items.find((candidate) => candidate.key === 'tempreature');
        return item ? [[template.configId, item.defaultValue]] : [];
      }),
    );
    expect(temperatures).toEqual({ SiliconFlow: 0.7, OpenAI: 0.7, Gemini: 1, OpenRouter: 1 });
  });

  it('reads the temperature under either spelling, preferring tempreature', () => {
    expect(translatorEntryValue({ tempreature: 0.3 }).temperature).toBe(0.3);
    expect(translatorEntryValue({ temperature: '0.9' }).temperature).toBe(0.9);
    expect(translatorEntryValue({ tempreature: 0.2, temperature: 0.8 }).temperature).toBe(0.2);
    expect(translatorEntryValue({ tempreature: null, temperature: 1.5 }).temperature).toBe(1.5);
    expect(translatorEntryValue({}).temperature).toBeUndefined();
    expect(translatorEntryValue({ apiKey: 'k', model: 'm', baseURL: 'b' })).toMatchObject({ apiKey: 'k', model: 'm', baseURL: 'b' });
  });
});

describe('settings addition anki (docs/storage.md "Settings additions")', () => {
  it('defaults to the Basic note type in the Default deck, tagged kotonoha', () => {
    expect(defaultSettings().anki).toEqual({
      deck: 'Default',
      model: 'Basic',
      fields: { word: 'Front', reading: 'Back', meaning: 'Back', pitch: '', frequency: '', glossary: '', sentence: 'Back', translation: '', audio: 'Back', picture: 'Back', source: 'Back' },
      tags: 'kotonoha',
      apiKey: '',
    });
  });

  it('a broken value falls back alone; the rest of the section and the other settings are kept', () => {
    const stored = {
      language: 'ja',
      xpan: { accessToken: 'tok' },
      anki: { deck: 'Japanese::Mining', model: 7, fields: { word: 'Expression', sentence: ['x'], bogus: 'y' }, tags: 'kotonoha mined', apiKey: null },
    };
    const settings = parseStoredSettings(JSON.stringify(stored));
    expect(settings.language).toBe('ja');
    expect(settings.xpan.accessToken).toBe('tok');
    expect(settings.anki).toEqual({
      deck: 'Japanese::Mining',
      model: 'Basic',
      fields: { word: 'Expression', reading: 'Back', meaning: 'Back', pitch: '', frequency: '', glossary: '', sentence: 'Back', translation: '', audio: 'Back', picture: 'Back', source: 'Back' },
      tags: 'kotonoha mined',
      apiKey: '',
    });
    expect(parseStoredSettings(JSON.stringify({ language: 'en', anki: 'broken' })).anki).toEqual(defaultSettings().anki);
    expect(parseStoredSettings(JSON.stringify({ anki: { fields: 'broken' } })).anki.fields).toEqual(defaultSettings().anki.fields);
  });
});
