import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../../scripts/vite/catalogues';

const web = path.resolve(import.meta.dirname, '../..');

function catalogueFolders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (!entry.isDirectory()) continue;
    if (entry.name === 'locales') found.push(full);
    else found.push(...catalogueFolders(full));
  }
  return found;
}

const read = (folder: string, language: string) => JSON.parse(fs.readFileSync(path.join(folder, `${language}.json`), 'utf8')) as Record<string, string>;
/** The ICU arguments a message uses: `{name}`, `{count, plural, …}`. */
const argumentsOf = (message: string) => [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((match) => match[1]))].sort();

const folders = catalogueFolders(web);

describe('catalogues', () => {
  it('finds the shell catalogue and one per screen', () => {
    expect(folders.map((folder) => path.relative(web, folder))).toEqual(expect.arrayContaining(['lib/i18n/locales', 'features/chat/locales', 'features/settings/locales']));
  });

  it.each(folders.map((folder) => [path.relative(web, folder), folder]))('%s: zh, en and ja have the same keys and arguments, and every message compiles', (_name, folder) => {
    const english = read(folder, 'en');
    for (const language of ['zh', 'ja']) {
      const other = read(folder, language);
      expect(Object.keys(other).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(english)) {
        expect(argumentsOf(other[key]), `${language} ${key}`).toEqual(argumentsOf(message));
      }
      expect(() => compileCatalogue(path.join(folder, `${language}.json`), JSON.stringify(other))).not.toThrow();
    }
  });
});

describe('compileCatalogue', () => {
  it('fills a key the language lacks with the English message, never the key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-catalogue-'));
    fs.writeFileSync(path.join(dir, 'en.json'), JSON.stringify({ save: 'save settings', files: '{count, plural, one {# file} other {# files}}' }));
    const compiled = compileCatalogue(path.join(dir, 'zh.json'), JSON.stringify({ save: '保存设置' }));
    expect(compiled).toEqual({ save: ['保存设置'], files: [['count', 'plural', { one: ['#', ' file'], other: ['#', ' files'] }]] });
  });
});
