import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync, strToU8, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { everyFormZip, sampleIndex } from '../../../../test-support/dictionaries/sample-zips';
import { zipBytes } from '../../../../test-support/dictionaries/zip-writer';
import Database from 'better-sqlite3';
import { DictionaryImportError, describeImportFailure } from '../import-errors';
import { DictionaryDb } from './dictionary-db';
import { importYomitan } from './importer';
import { scopeCss } from './scope-css';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-yomitan-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(zip: Uint8Array, options: Parameters<typeof importYomitan>[2] = {}) {
  const zipPath = path.join(dir, 'dictionary.zip');
  fs.writeFileSync(zipPath, zip);
  return importYomitan(zipPath, path.join(dir, 'out.sqlite'), options);
}

function failure(zip: Uint8Array, options: Parameters<typeof importYomitan>[2] = {}): DictionaryImportError {
  try {
    run(zip, options);
  } catch (error) {
    if (error instanceof DictionaryImportError) return error;
    throw error;
  }
  throw new Error('the import did not fail');
}

const term = (glossary: unknown[]) => ['語', 'ご', '', '', 0, glossary, 1, ''];
const withTerms = (rows: unknown[], extra: Record<string, unknown> = {}) => zipBytes({ 'index.json': sampleIndex('Bad'), 'term_bank_1.json': rows, ...extra });

describe('importYomitan', () => {
  it('stores every form: terms with each glossary kind, tags, frequencies, pitch, ipa, kanji, kanji meta, images and styles', () => {
    const progress: string[] = [];
    const result = run(everyFormZip(), { onProgress: (update) => progress.push(`${update.step}:${update.file ?? ''}`) });
    expect(result.counts).toEqual({ terms: 2, termMeta: 4, kanji: 1, kanjiMeta: 1, tags: 4, media: 1 });
    expect(result.hasStyles).toBe(true);
    expect(progress).toEqual(['reading:tag_bank_1.json', 'terms:term_bank_1.json', 'meta:term_meta_bank_1.json', 'kanji:kanji_bank_1.json', 'meta:kanji_meta_bank_1.json', 'media:img/pixel.png', 'indexing:']);

    const db = new DictionaryDb(path.join(dir, 'out.sqlite'));
    try {
      const hits = db.exact('たべる');
      expect(hits).toHaveLength(1);
      const record = db.term(hits[0].term_id)!;
      expect(record).toMatchObject({ term: '食べる', reading: 'たべる', rules: 'v1', score: 100, sequence: 1, term_tags: '★' });
      expect(JSON.parse(record.glossary)).toHaveLength(4);
      // A form-of row with an empty reading is found by its term.
      expect(db.term(db.exact('食べた')[0].term_id)!.glossary).toBe('[["食べる",["past"]]]');
      expect(db.tags('v1 ★ unknown')).toEqual([
        { name: 'v1', category: 'partOfSpeech', notes: 'Ichidan verb', order: 0, score: 0 },
        { name: '★', category: 'popular', notes: 'common word', order: -10, score: 10 },
        { name: 'unknown', category: '', notes: '', order: 0, score: 0 },
      ]);
      expect(db.termMeta('食べる')).toEqual([
        { term: '食べる', mode: 'freq', reading: 'たべる', value: 120, data: '120㋕' },
        { term: '食べる', mode: 'freq', reading: null, value: 5000, data: null },
        { term: '食べる', mode: 'pitch', reading: 'たべる', value: 0, data: JSON.stringify([{ position: 2, nasal: [1], devoice: [3], tags: ['hei'] }]) },
        { term: '食べる', mode: 'ipa', reading: 'たべる', value: 0, data: JSON.stringify([{ ipa: '[ta̠be̞ɾɯ̟]', tags: ['hei'] }]) },
      ]);
      expect(db.kanji('食')).toEqual([{ character: '食', onyomi: 'ショク ジキ', kunyomi: 'く.う た.べる', tags: 'jouyou', meanings: '["eat","food"]', stats: '{"strokes":"9","grade":"2"}' }]);
      expect(db.kanjiMeta('食')).toEqual([{ value: 328, display: null }]);
      expect(db.media('img/pixel.png')?.length).toBeGreaterThan(60);
      expect(JSON.parse(db.meta.get('index')!)).toMatchObject({ title: 'Every Form', author: 'Tester', targetLanguage: 'zh' });
    } finally {
      db.close();
    }
  });

  it('reads format 1 (glossary strings after the score; kanji meanings after the tags) and format 2', () => {
    const v1 = run(
      zipBytes({
        'index.json': { title: 'Old', revision: '1', version: 1 },
        'term_bank_1.json': [['猫', 'ねこ', 'n', '', 1, 'cat', 'feline']],
        'kanji_bank_1.json': [['猫', 'ビョウ', 'ねこ', '', 'cat']],
      }),
    );
    expect(v1.counts).toMatchObject({ terms: 1, kanji: 1 });
    const db = new DictionaryDb(path.join(dir, 'out.sqlite'));
    expect(db.term(1)!.glossary).toBe('["cat","feline"]');
    expect(JSON.parse(db.kanji('猫')[0].meanings)).toEqual(['cat']);
    db.close();
    fs.rmSync(path.join(dir, 'out.sqlite'));
    expect(run(zipBytes({ 'index.json': sampleIndex('Two', { format: 2 }), 'term_bank_1.json': [term(['x'])] })).counts.terms).toBe(1);
  });

  it('reads every frequency form: number, string, {value, displayValue}, per reading', () => {
    run(
      zipBytes({
        'index.json': sampleIndex('Freq', { frequencyMode: 'occurrence-based' }),
        'term_meta_bank_1.json': [
          ['a', 'freq', 1],
          ['b', 'freq', '2,345 (rare)'],
          ['c', 'freq', { value: 3, displayValue: 'three' }],
          ['d', 'freq', { reading: 'でー', frequency: 4 }],
          ['e', 'freq', { reading: 'いー', frequency: { value: 5 } }],
        ],
      }),
    );
    const db = new DictionaryDb(path.join(dir, 'out.sqlite'));
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => db.termMeta(key)[0])).toMatchObject([
      { value: 1, data: null, reading: null },
      { value: 2345, data: '2,345 (rare)' },
      { value: 3, data: 'three' },
      { value: 4, reading: 'でー' },
      { value: 5, reading: 'いー', data: null },
    ]);
    db.close();
  });

  it('refuses what is not a Yomitan dictionary, each with its code and a message naming the file', () => {
    const notZip = path.join(dir, 'x.zip');
    fs.writeFileSync(notZip, 'hello, not a zip');
    expect(() => importYomitan(notZip, path.join(dir, 'o.sqlite'))).toThrow(expect.objectContaining({ code: 'dict-not-zip' }));
    expect(failure(zipBytes({ 'term_bank_1.json': [] })).code).toBe('dict-no-index');
    const nested = failure(zipBytes({ 'jitendex/index.json': sampleIndex('N'), 'jitendex/term_bank_1.json': [] }));
    expect(nested).toMatchObject({ code: 'dict-index-nested', params: { file: 'jitendex/index.json' } });
    expect(failure(zipBytes({ 'index.json': '{"title": "x", ' })).code).toBe('dict-bad-json');
    expect(failure(zipBytes({ 'index.json': { revision: '1', format: 3 } })).code).toBe('dict-bad-index');
    expect(failure(zipBytes({ 'index.json': sampleIndex('F', { format: 7 }) }))).toMatchObject({ code: 'dict-unknown-format', params: { format: '7' } });
    expect(failure(zipBytes({ 'index.json': sampleIndex('Taken') }), { installedTitles: ['Taken'] })).toMatchObject({ code: 'dict-title-taken', params: { title: 'Taken' } });
    const badJson = failure(withTerms([], { 'term_bank_2.json': '[["a", ' }));
    expect(badJson).toMatchObject({ code: 'dict-bad-json', params: { file: 'term_bank_2.json' } });
    expect(badJson.message).toContain('term_bank_2.json');
    expect(failure(zipBytes({ 'index.json': sampleIndex('Empty') })).code).toBe('dict-no-entries');
    expect(failure(zipBytes({ 'index.json': sampleIndex('P'), '../evil.png': new Uint8Array([1]) }))).toMatchObject({ code: 'dict-bad-path', params: { file: '../evil.png' } });
    expect(fs.existsSync(path.join(dir, 'out.sqlite'))).toBe(false);
  });

  it('names the file and row of a row that does not match the schema', () => {
    const error = failure(withTerms([term(['ok']), term(['ok'])], { 'term_bank_2.json': [term(['ok']), term(['ok']), ['語', 'ご', '', '', 'not a number', [], 1, '']] }));
    expect(error).toMatchObject({ code: 'dict-bad-row', params: { file: 'term_bank_2.json', row: 2 } });
    expect(error.message).toMatch(/^term_bank_2\.json, row 2: column 4/);
    expect(failure(zipBytes({ 'index.json': sampleIndex('M'), 'term_meta_bank_1.json': [['a', 'pitch', { reading: 'a', pitches: [{ position: -1 }] }]] })).params).toMatchObject({ file: 'term_meta_bank_1.json', row: 0 });
    expect(failure(zipBytes({ 'index.json': sampleIndex('K'), 'kanji_bank_1.json': [['猫', 'ビョウ', 'ねこ', '', 'cat', {}]] })).code).toBe('dict-bad-row');
  });

  it('fails hostile structured content like any bad row: tags, attributes, styles and links outside the schema', () => {
    const hostile = [
      { tag: 'script', content: 'alert(1)' },
      { tag: 'iframe', src: 'https://evil.example' },
      { tag: 'img', path: 'a.png', onerror: 'alert(1)' },
      { tag: 'a', href: 'javascript:alert(1)', content: 'x' },
      { tag: 'div', style: { position: 'fixed' } },
      { tag: 'span', style: { color: 'red; background: url(https://evil.example)' } },
      { tag: 'span', style: { backgroundColor: 'url(https://evil.example/x.png)' } },
      { tag: 'img', path: '../../etc/passwd' },
      { tag: 'img', path: '/etc/passwd' },
      { tag: 'div', data: { 'x" onclick="alert(1)': 'y' } },
    ];
    for (const content of hostile) {
      const error = failure(withTerms([term([{ type: 'structured-content', content: { tag: 'div', content: [content] } }])]));
      expect(error.code, JSON.stringify(content)).toBe('dict-bad-row');
      expect(error.params).toMatchObject({ file: 'term_bank_1.json', row: 0 });
    }
    expect(failure(withTerms([term([{ type: 'image', path: '../x.png' }])])).code).toBe('dict-bad-row');
    expect(failure(withTerms([term([{ type: 'text', text: 'x', html: '<b>' }])])).code).toBe('dict-bad-row');
  });

  it('stops a zip bomb: a declared size over the limit, or inflating past what the entry declared', () => {
    const limits = { entryBytes: 1024 * 1024, totalBytes: 3 * 1024 * 1024 };
    const big = new Uint8Array(2 * 1024 * 1024).fill(32);
    expect(failure(zipBytes({ 'index.json': sampleIndex('B'), 'term_bank_1.json': big }), { limits })).toMatchObject({ code: 'dict-zip-too-large', params: { file: 'term_bank_1.json' } });
    const many = zipBytes({ 'index.json': sampleIndex('B'), 'a.png': big.subarray(0, 900_000), 'b.png': big.subarray(0, 900_000), 'c.png': big.subarray(0, 900_000), 'd.png': big.subarray(0, 900_000) });
    expect(failure(many, { limits }).code).toBe('dict-zip-too-large');

    // An entry that lies: its header says 10 bytes, it inflates to 2 MB.
    const zip = Buffer.from(zipSync({ 'index.json': strToU8(JSON.stringify(sampleIndex('Liar'))), 'term_bank_1.json': [deflateSync(big), { level: 0 }] }));
    const liar = patchDeclaredSize(zip, 'term_bank_1.json', 10);
    expect(failure(liar, { limits }).code).toBe('dict-zip-too-large');
  });
});

/** Rewrites an entry's declared inflated size in the central directory (a zip bomb's lie). */
function patchDeclaredSize(zip: Buffer, name: string, size: number): Uint8Array {
  const copy = Buffer.from(zip);
  for (let at = 0; at < copy.length - 46; at++) {
    if (copy.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      copy.writeUInt32LE(size, at + 24);
      // Stored as deflate data: mark the method as deflate so it inflates.
      copy.writeUInt16LE(8, at + 10);
    }
  }
  return copy;
}

describe('describeImportFailure', () => {
  it('words a full disk as dict-disk-full, whether the file system or SQLite says so', () => {
    const db = new Database(':memory:');
    db.pragma('max_page_count = 2');
    db.exec('CREATE TABLE t (x TEXT)');
    let sqliteFull: unknown;
    try {
      db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000));
    } catch (error) {
      sqliteFull = error;
    }
    db.close();
    expect(describeImportFailure(sqliteFull)).toMatchObject({ code: 'dict-disk-full' });
    expect(describeImportFailure(Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC' }))).toMatchObject({ code: 'dict-disk-full', message: expect.stringContaining('disk is full') });
    expect(describeImportFailure(new Error('boom'))).toEqual({ code: 'dict-import-failed', params: { issue: 'boom' }, message: 'The import failed: boom' });
  });
});

describe('scopeCss', () => {
  it('puts every rule under the dictionary and drops imports, external urls and fixed positions', () => {
    const css = scopeCss(
      `/* c */ @import url(https://evil.example/x.css);
       .gloss, li > span { color: red; position: fixed; font-weight: bold }
       :root { --x: 1px } body { background: url(https://evil.example/p.png); margin: 0 }
       @media (max-width: 600px) { .gloss { color: blue } }
       @font-face { font-family: x; src: url(https://evil.example/f.woff) }
       @keyframes spin { from { color: red } }
       a { background: u\\72l(https://evil.example) }`,
      'abc',
    );
    expect(css).toBe(
      [
        '[data-dictionary="abc"] .gloss,',
        '[data-dictionary="abc"] li > span {',
        '  color: red;',
        '  font-weight: bold;',
        '}',
        '[data-dictionary="abc"] {',
        '  --x: 1px;',
        '}',
        '[data-dictionary="abc"] {',
        '  margin: 0;',
        '}',
        '@media (max-width: 600px) {',
        '[data-dictionary="abc"] .gloss {',
        '  color: blue;',
        '}',
        '}',
        '',
      ].join('\n'),
    );
  });
});
