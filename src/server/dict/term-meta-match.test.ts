import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../log';
import { buildChinese, chineseTitle } from '../../../test-support/dictionaries/chinese';
import { buildFrequency, frequencyTitle } from '../../../test-support/dictionaries/frequency';
import { buildPitch, pitchTitle } from '../../../test-support/dictionaries/pitch';
import { writeZip } from '../../../test-support/dictionaries/zip-writer';
import { DictService } from './service';

const log: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
let dir: string;
let dict: DictService;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-term-meta-'));
  dict = new DictService(path.join(dir, 'data'), log);
  // EDICT's ranks in JPDB's layout: 食べる has a row for its spelling read たべる, one for its
  // spelling whatever the reading, and a kana row たべる (㋕); a pitch row written in kana only.
  const sources = [
    buildChinese(dir).path,
    buildFrequency({ dir, words: ['食べる'] }).path,
    buildPitch(dir).path,
    writeZip(path.join(dir, 'kana-pitch.zip'), {
      'index.json': { title: 'Kana pitch', revision: '1', format: 3 },
      'term_meta_bank_1.json': [
        ['たべる', 'pitch', { reading: 'たべる', pitches: [{ position: 2 }] }],
        ['はし', 'pitch', { reading: 'はし', pitches: [{ position: 1 }] }],
        ['たべる', 'freq', 7],
        ['たべる', 'freq', { reading: 'たべるい', frequency: 9 }],
      ],
    }),
  ];
  for (const source of sources) expect((await dict.library.importFile(source)).state).toBe('done');
});
afterAll(async () => {
  await dict.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('term meta of a word written in kanji', () => {
  it('reaches it from rows of its spelling and rows of its kana reading, not from rows for another reading', () => {
    const [word] = dict.lookup('食べる').results;
    expect([word.term, word.reading, word.definitions?.map((group) => group.title)]).toEqual(['食べる', 'たべる', [chineseTitle]]);
    const shown = (frequency: NonNullable<typeof word.frequencies>[number]) => `${frequency.title}: ${frequency.displayValue}${frequency.reading ? ` (${frequency.reading})` : ''}`;
    expect(word.frequencies!.map(shown)).toEqual([
      expect.stringMatching(new RegExp(`^${escape(frequencyTitle)}: \\d+ \\(たべる\\)$`)),
      expect.stringMatching(/: \d+ \(any reading\)$/),
      expect.stringMatching(new RegExp(`^${escape(frequencyTitle)}: \\d+㋕ \\(たべる\\)$`)),
      'Kana pitch: 7',
    ]);
    expect(word.pitches!.map((pitch) => [pitch.title, pitch.reading, pitch.pitches.map((accent) => accent.position)])).toEqual([
      [pitchTitle, 'たべる', [2]],
      ['Kana pitch', 'たべる', [2]],
    ]);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
