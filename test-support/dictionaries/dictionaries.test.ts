import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kanjidicTitle } from '../../src/server/dict/kanjidic';
import { DictService } from '../../src/server/dict/service';
import type { Logger } from '../../src/server/log';
import { buildBadInputs, buildZipBomb, entryLimitBytes } from './bad-inputs';
import { chineseEntries } from './chinese';
import { everyFormImage } from './handmade';
import { edictPath } from './jitendex-like';
import { kanjidicPath } from './kanjidic';
import { pitchWords } from './pitch';
import { buildTestDictionaries, testWords, type TestDictionaries } from './test-dictionaries';
import { checkerPng } from './png';
import { writeZip, zipBytes, ZipFileWriter } from './zip-writer';

/**
 * The shapes Yomitan's dictionary schemas (yomidevs/yomitan ext/data/schemas/) give each file,
 * checked here in the project's own words: a builder that writes a row out of shape fails its
 * test, whatever the importer would say.
 */
const elementAttributes: Record<string, string[]> = {
  br: ['data'],
  img: ['data', 'path', 'width', 'height', 'title', 'alt', 'description', 'pixelated', 'imageRendering', 'appearance', 'background', 'collapsed', 'collapsible', 'verticalAlign', 'border', 'borderRadius', 'sizeUnits'],
  a: ['content', 'href', 'lang'],
};
for (const tag of ['ruby', 'rt', 'rp', 'table', 'thead', 'tbody', 'tfoot', 'tr']) elementAttributes[tag] = ['content', 'data', 'lang'];
for (const tag of ['td', 'th']) elementAttributes[tag] = ['content', 'data', 'lang', 'colSpan', 'rowSpan', 'style'];
for (const tag of ['span', 'div', 'ol', 'ul', 'li', 'details', 'summary']) elementAttributes[tag] = ['content', 'data', 'lang', 'style', 'title', 'open'];
const styleNames = new Set(['fontStyle', 'fontWeight', 'fontSize', 'color', 'background', 'backgroundColor', 'textDecorationLine', 'textDecorationStyle', 'textDecorationColor', 'borderColor', 'borderStyle', 'borderRadius', 'borderWidth', 'clipPath', 'verticalAlign', 'textAlign', 'textEmphasis', 'textShadow', 'margin', 'marginTop', 'marginLeft', 'marginRight', 'marginBottom', 'padding', 'paddingTop', 'paddingLeft', 'paddingRight', 'paddingBottom', 'wordBreak', 'whiteSpace', 'cursor', 'listStyleType']);
const imageAttributes = new Set(['type', ...elementAttributes.img.filter((name) => name !== 'data')]);

const isString = (value: unknown) => typeof value === 'string';
const mediaPathOk = (value: unknown) => typeof value === 'string' && !value.startsWith('/') && !value.split('/').includes('..');

/** The first thing out of the schema in `content`, or null; counts the tags seen into `tags`. */
function contentIssue(content: unknown, tags: Set<string>): string | null {
  if (typeof content === 'string') return null;
  if (Array.isArray(content)) {
    for (const child of content) {
      const issue = contentIssue(child, tags);
      if (issue) return issue;
    }
    return null;
  }
  if (typeof content !== 'object' || content === null) return 'a node is text, a list or an element';
  const { tag, ...attributes } = content as Record<string, unknown>;
  if (typeof tag !== 'string' || !elementAttributes[tag]) return `tag ${String(tag)}`;
  tags.add(tag);
  for (const name of Object.keys(attributes)) if (!elementAttributes[tag].includes(name)) return `<${tag}> ${name}`;
  if (attributes.style) for (const name of Object.keys(attributes.style as object)) if (!styleNames.has(name)) return `style ${name}`;
  if (tag === 'a' && !/^(https?:|\?)/.test(String(attributes.href))) return `href ${String(attributes.href)}`;
  if (tag === 'img' && !mediaPathOk(attributes.path)) return `img path ${String(attributes.path)}`;
  return attributes.content === undefined ? null : contentIssue(attributes.content, tags);
}

interface Seen {
  glossaryForms: Set<string>;
  tags: Set<string>;
  frequencyForms: Set<string>;
  pitchForms: Set<string>;
}
const newSeen = (): Seen => ({ glossaryForms: new Set(), tags: new Set(), frequencyForms: new Set(), pitchForms: new Set() });

function glossaryIssue(item: unknown, seen: Seen): string | null {
  if (typeof item === 'string') return seen.glossaryForms.add('string'), null;
  if (Array.isArray(item)) {
    seen.glossaryForms.add('form-of');
    return item.length === 2 && isString(item[0]) && Array.isArray(item[1]) && item[1].every(isString) ? null : 'form-of is [term, [rules]]';
  }
  const definition = item as Record<string, unknown>;
  seen.glossaryForms.add(String(definition.type));
  if (definition.type === 'text') return isString(definition.text) && Object.keys(definition).length === 2 ? null : 'text';
  if (definition.type === 'structured-content') return contentIssue(definition.content, seen.tags);
  if (definition.type === 'image') return mediaPathOk(definition.path) && Object.keys(definition).every((name) => imageAttributes.has(name)) ? null : 'image';
  return `type ${String(definition.type)}`;
}

function frequencyForm(value: unknown): string | null {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'string';
  const object = value as Record<string, unknown>;
  if (typeof object?.value === 'number' && Object.keys(object).every((key) => key === 'value' || key === 'displayValue')) return 'displayValue' in object ? 'object+displayValue' : 'object';
  return null;
}

const positionsOk = (value: unknown) => value === undefined || Number.isInteger(value) || (Array.isArray(value) && value.every(Number.isInteger));

/** Checks every file of an unzipped dictionary; answers the row counts by kind. */
function checkDictionary(files: Record<string, Uint8Array>, seen = newSeen()) {
  const json = (name: string) => JSON.parse(strFromU8(files[name]));
  const index = json('index.json');
  expect(typeof index.title).toBe('string');
  expect(['string', 'number']).toContain(typeof index.revision);
  const format = index.format ?? index.version;
  expect([1, 2, 3]).toContain(format);
  const counts = { terms: 0, termMeta: 0, kanji: 0, kanjiMeta: 0, tags: 0, banks: [] as number[] };
  for (const name of Object.keys(files).sort()) {
    const kind = /^(term|term_meta|kanji|kanji_meta|tag)_bank_\d+\.json$/.exec(name)?.[1];
    if (!kind) continue;
    const rows = json(name) as unknown[][];
    expect(rows.length, name).toBeLessThanOrEqual(10_000);
    if (kind === 'term') counts.banks.push(rows.length);
    rows.forEach((row, at) => {
      const where = `${name} row ${at}`;
      if (kind === 'term') {
        counts.terms++;
        if (format === 1) {
          expect(row.length, where).toBeGreaterThanOrEqual(5);
          expect(row.slice(5).every(isString), where).toBe(true);
          return;
        }
        expect(row, where).toHaveLength(8);
        const [term, reading, definitionTags, rules, score, glossary, sequence, termTags] = row;
        expect([term, reading, rules, termTags].every(isString) && (definitionTags === null || isString(definitionTags)), where).toBe(true);
        expect(typeof score === 'number' && Number.isInteger(sequence) && Array.isArray(glossary), where).toBe(true);
        expect(String(rules).split(' ').filter(Boolean).every((rule) => ['v1', 'v5', 'vs', 'vk', 'vz', 'adj-i'].includes(rule)), where).toBe(true);
        for (const item of glossary as unknown[]) expect(glossaryIssue(item, seen), where).toBeNull();
      } else if (kind === 'term_meta') {
        counts.termMeta++;
        const [term, mode, data] = row as [unknown, string, Record<string, unknown>];
        expect(row.length === 3 && isString(term), where).toBe(true);
        if (mode === 'freq') {
          const form = typeof data === 'object' && 'reading' in data ? frequencyForm(data.frequency) : frequencyForm(data);
          expect(form, where).not.toBeNull();
          seen.frequencyForms.add(typeof data === 'object' && 'reading' in data ? `reading ${form}` : form!);
        } else if (mode === 'pitch') {
          expect(isString(data.reading) && Array.isArray(data.pitches), where).toBe(true);
          for (const pitch of data.pitches as Array<Record<string, unknown>>) {
            expect(Number.isInteger(pitch.position) || /^[HL]+$/.test(String(pitch.position)), where).toBe(true);
            expect(positionsOk(pitch.nasal) && positionsOk(pitch.devoice) && (pitch.tags === undefined || (Array.isArray(pitch.tags) && pitch.tags.every(isString))), where).toBe(true);
            for (const key of Object.keys(pitch)) seen.pitchForms.add(`${key}:${Array.isArray(pitch[key]) ? 'list' : typeof pitch[key]}`);
          }
        } else {
          expect(mode, where).toBe('ipa');
          expect(isString(data.reading) && Array.isArray(data.transcriptions), where).toBe(true);
          seen.pitchForms.add('ipa');
        }
      } else if (kind === 'kanji') {
        counts.kanji++;
        expect(row.slice(0, 4).every(isString), where).toBe(true);
        if (format === 1) expect(row.slice(4).every(isString), where).toBe(true);
        else expect(row.length === 6 && Array.isArray(row[4]) && Object.values(row[5] as object).every(isString), where).toBe(true);
      } else if (kind === 'kanji_meta') {
        counts.kanjiMeta++;
        expect(row[1], where).toBe('freq');
        expect(frequencyForm(row[2]), where).not.toBeNull();
      } else {
        counts.tags++;
        expect(row.length === 5 && isString(row[0]) && isString(row[1]) && typeof row[2] === 'number' && isString(row[3]) && typeof row[4] === 'number', where).toBe(true);
      }
    });
  }
  return counts;
}

const unzip = (file: string) => unzipSync(fs.readFileSync(file));
const names = (file: string) => Object.keys(unzip(file)).sort();

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
let dir: string;
let built: TestDictionaries;
let buildSeconds: number;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-test-dicts-'));
  const started = performance.now();
  built = buildTestDictionaries(path.join(dir, 'small'));
  buildSeconds = (performance.now() - started) / 1000;
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!fs.existsSync(edictPath) || !fs.existsSync(kanjidicPath))('the test dictionaries', () => {
  it('build in seconds, for e2e runs', () => {
    expect(buildSeconds).toBeLessThan(60);
  });

  it('Jitendex-like: every test word from EDICT as structured content with nested lists, tag spans, rules, sequences and ruby examples', () => {
    const files = unzip(built.jitendex);
    expect(Object.keys(files).sort()).toEqual(['index.json', 'tag_bank_1.json', 'term_bank_1.json']);
    const seen = newSeen();
    const counts = checkDictionary(files, seen);
    expect(counts.terms).toBeGreaterThan(testWords.length);
    expect(JSON.parse(strFromU8(files['index.json']))).toMatchObject({ format: 3, sequenced: true, sourceLanguage: 'ja' });
    const rows = JSON.parse(strFromU8(files['term_bank_1.json'])) as unknown[][];
    const row = (term: string, reading: string) => rows.find((candidate) => candidate[0] === term && candidate[1] === reading)!;
    // Rules from EDICT's parts of speech, each deinflection class.
    expect(row('食べる', 'たべる').slice(3, 5)).toEqual(['v1', 100]);
    expect(row('読む', 'よむ')[3]).toBe('v5');
    expect(row('勉強', 'べんきょう')[3]).toBe('vs');
    expect(row('来る', 'くる')[3]).toBe('vk');
    expect(row('信ずる', 'しんずる')[3]).toBe('vz');
    expect(row('高い', 'たかい')[3]).toBe('adj-i');
    expect(row('食べる', 'たべる')[7]).toBe('★');
    expect(seen.tags).toEqual(new Set(['ol', 'li', 'span', 'ul', 'div', 'a', 'ruby', 'rt']));
    // Tags as spans with their data and title; glosses as a nested list.
    const content = JSON.stringify(row('食べる', 'たべる')[5]);
    expect(content).toContain('{"tag":"span","title":"Ichidan verb","data":{"code":"v1","content":"part-of-speech-info"}');
    expect(content).toContain('{"tag":"ul","data":{"content":"glossary"},"style":{"listStyleType":"circle"},"content":[{"tag":"li","content":"to eat"}');
    // Examples: real sentences with the word in ruby.
    const withExample = rows.filter((candidate) => JSON.stringify(candidate[5]).includes('example-sentence-a'));
    expect(withExample.length).toBeGreaterThan(3);
    const example = JSON.stringify(withExample[0][5]);
    expect(example).toContain(`{"tag":"ruby","content":["${String(withExample[0][0])}",{"tag":"rt","content":"${String(withExample[0][1])}"}]}`);
    // Sequence numbers: one per EDICT entry, shared by its spellings.
    expect(new Set(rows.map((candidate) => candidate[6])).size).toBeGreaterThan(testWords.length / 2);
    expect(rows.every((candidate) => Number.isInteger(candidate[6]) && (candidate[6] as number) > 0)).toBe(true);
  });

  it('KANJIDIC2: kanji v3 rows with readings, meanings and stats, kanji meta frequency, stat tags', () => {
    const files = unzip(built.kanjidic);
    const counts = checkDictionary(files);
    expect(counts.kanji).toBeGreaterThan(60);
    expect(counts.kanjiMeta).toBeGreaterThan(50);
    const rows = JSON.parse(strFromU8(files['kanji_bank_1.json'])) as unknown[][];
    expect(rows.find((row) => row[0] === '食')).toEqual(['食', 'ショク ジキ', 'く.う く.らう た.べる は.む', 'jouyou', ['eat', 'food'], expect.objectContaining({ strokes: '9', grade: '2', jlpt: '4', freq: '328', ucs: '98df', radical: '184' })]);
    const tags = JSON.parse(strFromU8(files['tag_bank_1.json'])) as unknown[][];
    expect(tags.map((tag) => tag[1])).toEqual(expect.arrayContaining(['misc', 'code', 'index', 'class', 'frequent']));
  });

  it('KANJIDIC2: the test dictionary and the server’s built-in import give a kanji the same card (stats under the same categories)', async () => {
    const dict = new DictService(path.join(dir, 'kanjidic-data'), silent);
    try {
      dict.library.autoImportKanjidic(kanjidicPath);
      const builtIn = dict.library.imports().find((entry) => entry.title === kanjidicTitle)!;
      expect((await dict.library.waitFor(builtIn.id)).state).toBe('done');
      expect((await dict.library.importFile(built.kanjidic)).state).toBe('done');
      for (const character of ['食', '読', '学']) {
        const entries = dict.lookup(character).kanji!.entries.map(({ onyomi, kunyomi, meanings, stats }) => ({ onyomi, kunyomi, meanings, stats }));
        expect(entries).toHaveLength(2);
        expect(Object.keys(entries[0].stats).sort()).toEqual(['class', 'code', 'index', 'misc']);
        expect(entries[1]).toEqual(entries[0]);
      }
    } finally {
      await dict.close();
    }
  }, 60_000);

  it('pitch: every hand-written word, positions with nasal (number and list form) and devoice', () => {
    const files = unzip(built.pitch);
    const seen = newSeen();
    expect(checkDictionary(files, seen).termMeta).toBe(pitchWords.length);
    expect(pitchWords.length).toBeGreaterThanOrEqual(50);
    const rows = JSON.parse(strFromU8(files['term_meta_bank_1.json'])) as Array<[string, string, { reading: string; pitches: unknown[] }]>;
    expect(rows.filter(([term]) => term === '箸' || term === '橋').map(([, , data]) => data)).toEqual([
      { reading: 'はし', pitches: [{ position: 1, tags: ['n'] }] },
      { reading: 'はし', pitches: [{ position: 2, tags: ['n'] }] },
    ]);
    expect(seen.pitchForms).toEqual(new Set(['position:number', 'tags:list', 'devoice:list', 'nasal:number']));
  });

  it('frequency: rank-based, displayValue, per-reading rows and each value form', () => {
    const files = unzip(built.frequency);
    const seen = newSeen();
    const counts = checkDictionary(files, seen);
    expect(counts.termMeta).toBeGreaterThan(testWords.length);
    expect(JSON.parse(strFromU8(files['index.json'])).frequencyMode).toBe('rank-based');
    expect(seen.frequencyForms).toEqual(new Set(['reading object+displayValue', 'object+displayValue', 'number']));
    const rows = JSON.parse(strFromU8(files['term_meta_bank_1.json'])) as unknown[][];
    expect(rows).toContainEqual(['食べる', 'freq', { reading: 'たべる', frequency: expect.objectContaining({ value: expect.any(Number), displayValue: expect.any(String) }) }]);
  });

  it('Japanese→Chinese: the hand-written entries, Chinese glosses', () => {
    const files = unzip(built.chinese);
    expect(checkDictionary(files).terms).toBe(chineseEntries.length);
    expect(JSON.parse(strFromU8(files['index.json']))).toMatchObject({ sourceLanguage: 'ja', targetLanguage: 'zh' });
    const rows = JSON.parse(strFromU8(files['term_bank_1.json'])) as unknown[][];
    expect(rows.find((row) => row[0] === '勉強')?.[5]).toEqual(['学习', '用功']);
    expect(rows.find((row) => row[0] === '図書館')?.[5]).toEqual(['图书馆']);
  });

  it('handmade: every glossary form and structured-content tag, every frequency and pitch form, ipa, kanji and kanji meta, an image, styles.css; formats 1 and 2', () => {
    const files = unzip(built.everyForm);
    expect(Object.keys(files).sort()).toEqual(['images/checker.png', 'index.json', 'kanji_bank_1.json', 'kanji_meta_bank_1.json', 'styles.css', 'tag_bank_1.json', 'term_bank_1.json', 'term_meta_bank_1.json']);
    const seen = newSeen();
    expect(checkDictionary(files, seen)).toMatchObject({ terms: 3, termMeta: 10, kanji: 2, kanjiMeta: 3, tags: 8 });
    expect(seen.glossaryForms).toEqual(new Set(['string', 'text', 'structured-content', 'image', 'form-of']));
    expect([...seen.tags].sort()).toEqual(Object.keys(elementAttributes).sort());
    expect(seen.frequencyForms).toEqual(new Set(['number', 'string', 'object+displayValue', 'reading number', 'reading object+displayValue', 'reading string']));
    expect(seen.pitchForms).toEqual(new Set(['position:number', 'position:string', 'tags:list', 'nasal:number', 'nasal:list', 'devoice:list', 'devoice:number', 'ipa']));
    // A real PNG of the size the glossary declares.
    const png = Buffer.from(files[everyFormImage.path]);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([everyFormImage.width, everyFormImage.height]);
    expect(zlib.inflateSync(png.subarray(41, 41 + png.readUInt32BE(33))).length).toBe((16 * 3 + 1) * 16);

    const one = unzip(built.formatOne);
    expect(JSON.parse(strFromU8(one['index.json']))).toMatchObject({ version: 1, tagMeta: expect.any(Object) });
    expect(checkDictionary(one)).toMatchObject({ terms: 2, kanji: 2 });
    const two = unzip(built.formatTwo);
    expect(JSON.parse(strFromU8(two['index.json'])).format).toBe(2);
    expect(checkDictionary(two)).toMatchObject({ terms: 2, termMeta: 2 });
  });
});

describe('bad inputs', () => {
  it('each is what it claims to be, and fails the schema check where it is a bad row', () => {
    const inputs = buildBadInputs(path.join(dir, 'bad'), { withBombs: false });
    expect(inputs.map((input) => input.code)).toEqual([
      'dict-not-zip',
      'dict-no-index',
      'dict-index-nested',
      'dict-bad-json',
      'dict-bad-row',
      'dict-unknown-format',
      'dict-bad-row',
      'dict-bad-row',
      'dict-bad-path',
      ...Array(5).fill('dict-bad-row'),
    ]);
    for (const input of inputs) {
      if (input.code === 'dict-not-zip') {
        expect(() => unzip(input.path)).toThrow();
        continue;
      }
      const files = unzip(input.path);
      if (input.code === 'dict-no-index') expect(files['index.json']).toBeUndefined();
      if (input.code === 'dict-index-nested') expect(Object.keys(files)).toContain(input.file);
      if (input.code === 'dict-bad-json') expect(() => JSON.parse(strFromU8(files[input.file!]))).toThrow();
      if (input.code === 'dict-unknown-format') expect(JSON.parse(strFromU8(files['index.json'])).format).toBe(4);
      if (input.code === 'dict-bad-path') expect(Object.keys(files)).toContain('../outside.png');
      if (input.code === 'dict-bad-row') {
        const rows = JSON.parse(strFromU8(files[input.file!])) as unknown[][];
        // The rows before the bad one pass; the bad one does not.
        expect(() => checkDictionary({ 'index.json': files['index.json'], [input.file!]: new TextEncoder().encode(JSON.stringify(rows.slice(0, input.row))) }), input.what).not.toThrow();
        expect(() => checkDictionary({ 'index.json': files['index.json'], [input.file!]: new TextEncoder().encode(JSON.stringify(rows.slice(0, input.row! + 1))) }), input.what).toThrow();
      }
    }
  });

  it('a zip bomb inflates beyond 256 MB from a tiny file; the lying one declares 1 MB', async () => {
    const bomb = buildZipBomb(path.join(dir, 'bomb.zip'), { bytes: entryLimitBytes + 1024 * 1024 });
    const lying = buildZipBomb(path.join(dir, 'bomb-lying.zip'), { lie: true });
    for (const [file, declared] of [
      [bomb, entryLimitBytes + 1024 * 1024],
      [lying, 1024 * 1024],
    ] as const) {
      const bytes = fs.readFileSync(file);
      expect(bytes.length).toBeLessThan(1024 * 1024);
      const central = bytes.indexOf(Buffer.from('term_bank_1.json'), bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), bytes.length - 1) - 200);
      expect(bytes.readUInt32LE(central - 46 + 24)).toBe(declared);
    }
    // What it truly inflates to, counted as zlib streams it (never held whole).
    const bytes = fs.readFileSync(lying);
    const local = bytes.indexOf(Buffer.from('term_bank_1.json')) - 30;
    expect(bytes.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    let inflated = 0;
    let crc = 0;
    await pipeline(Readable.from([bytes.subarray(start)]), zlib.createInflateRaw(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        inflated += chunk.length;
        crc = zlib.crc32(chunk, crc);
      }
    });
    expect(inflated).toBe(entryLimitBytes + 1024 * 1024);
    const central = bytes.lastIndexOf(Buffer.from('term_bank_1.json')) - 46;
    expect(crc).toBe(bytes.readUInt32LE(central + 16));
  });
});

describe('ZipFileWriter', () => {
  it('splits rows into banks of 10,000 and writes a zip others read', () => {
    const file = path.join(dir, 'banks.zip');
    const writer = new ZipFileWriter(file);
    writer.add('index.json', { title: 'x', revision: '1', format: 3 });
    expect(writer.addBanks('term_meta_bank', Array.from({ length: 30_001 }, (_, index) => [`w${index}`, 'freq', index]))).toBe(30_001);
    writer.close();
    const files = unzip(file);
    expect(Object.keys(files)).toEqual(['index.json', 'term_meta_bank_1.json', 'term_meta_bank_2.json', 'term_meta_bank_3.json', 'term_meta_bank_4.json']);
    expect(checkDictionary(files)).toMatchObject({ termMeta: 30_001 });
    expect(names(file)).toHaveLength(5);
  });

  it('zipBytes lays out in memory the zip writeZip writes to disk', () => {
    const files = { 'index.json': { title: 'x', revision: '1', format: 3 }, 'styles.css': '.a { color: red }', 'images/one.png': checkerPng(1, 1) };
    const bytes = zipBytes(files);
    expect(Buffer.from(bytes).equals(fs.readFileSync(writeZip(path.join(dir, 'same.zip'), files)))).toBe(true);
    expect(Object.keys(unzipSync(bytes))).toEqual(['index.json', 'styles.css', 'images/one.png']);
  });
});
