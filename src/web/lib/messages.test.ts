import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage } from './i18n/i18n';
import { libEnglish, libText } from './messages';

// Read as written: an import of the JSON is compiled by the catalogue plugin.
const english = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'i18n/locales/en.json'), 'utf8')) as Record<string, string>;

describe('libText', () => {
  afterAll(() => activateLanguage('en'));

  it('keeps its English, for code run without a catalogue, equal to the English catalogue', () => {
    for (const [key, message] of Object.entries(libEnglish)) expect(message, key).toBe(english[key]);
  });

  it('speaks the interface language once the catalogue is in', async () => {
    expect(libText('error.network', { target: 'example.org' })).toBe('cannot reach example.org');
    await activateLanguage('zh');
    expect(libText('error.network', { target: 'example.org' })).toBe('无法连接到 example.org');
    // The Chinese messages of docs/on-screen-names.md stay as written in zh and en.
    expect(libText('error.rateLimited')).toBe('请求过于频繁或已超过配额，请稍后再试');
    await activateLanguage('ja');
    expect(libText('speech.noEngine')).toBe('読み上げに失敗しました：使える音声エンジンがありません');
  });
});
