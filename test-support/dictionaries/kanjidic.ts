// KANJIDIC2 (Debian's kanjidic-xml) as a Yomitan kanji dictionary, the way Yomitan's own KANJIDIC conversion lays it out.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { outputPath, ZipFileWriter } from './zip-writer';

export const kanjidicPath = process.env.KOTONOHA_KANJIDIC_PATH || '/usr/share/edict/kanjidic2.xml.gz';

export interface KanjidicOptions {
  dir: string;
  title?: string;
  /** Only these characters (the small dictionary for e2e tests). */
  characters?: readonly string[];
}

export interface KanjidicResult {
  path: string;
  kanji: number;
  /** Characters with a frequency rank (one kanji meta row each). */
  kanjiMeta: number;
  tags: number;
}

const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");
const all = (block: string, pattern: RegExp) => [...block.matchAll(pattern)].map((match) => unescape(match[1]));
const one = (block: string, pattern: RegExp) => pattern.exec(block)?.[1];

/** Stats kept, with their tag (category, notes), as Yomitan's KANJIDIC shows them. */
const statTags: Array<[string, string, string]> = [
  ['strokes', 'misc', 'Stroke count'],
  ['grade', 'misc', 'School grade level'],
  ['jlpt', 'misc', 'Japanese Language Proficiency Test level (old, 1–4)'],
  ['freq', 'misc', 'Frequency rank among 2,500 newspaper kanji'],
  ['ucs', 'code', 'Unicode code point (hex)'],
  ['jis208', 'code', 'JIS X 0208 kuten code'],
  ['skip', 'code', 'SKIP pattern'],
  ['four_corner', 'code', 'Four corner code'],
  ['radical', 'class', 'Classical (Kangxi) radical number'],
  ['nelson_c', 'index', 'Modern Reader’s Japanese-English Character Dictionary'],
  ['heisig6', 'index', 'Remembering the Kanji, 6th edition'],
  ['henshall', 'index', 'A Guide to Remembering Japanese Characters'],
  ['kodansha_compact', 'index', 'Kodansha Compact Kanji Guide'],
];

function* characters(file: string, only: Set<string> | null): Generator<unknown[]> {
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  let at = 0;
  for (;;) {
    const start = text.indexOf('<character>', at);
    if (start < 0) return;
    const end = text.indexOf('</character>', start);
    at = end + 12;
    const block = text.slice(start, end);
    const literal = one(block, /<literal>([^<]+)<\/literal>/)!;
    if (only && !only.has(literal)) continue;
    const grade = one(block, /<grade>(\d+)<\/grade>/);
    const stats: Record<string, string> = {};
    const put = (name: string, value: string | undefined) => {
      if (value !== undefined) stats[name] = value;
    };
    put('strokes', one(block, /<stroke_count>(\d+)<\/stroke_count>/));
    put('grade', grade);
    put('jlpt', one(block, /<jlpt>(\d+)<\/jlpt>/));
    put('freq', one(block, /<freq>(\d+)<\/freq>/));
    put('ucs', one(block, /<cp_value cp_type="ucs">([^<]+)</));
    put('jis208', one(block, /<cp_value cp_type="jis208">([^<]+)</));
    put('skip', one(block, /<q_code qc_type="skip"[^>]*>([^<]+)</));
    put('four_corner', one(block, /<q_code qc_type="four_corner">([^<]+)</));
    put('radical', one(block, /<rad_value rad_type="classical">(\d+)</));
    for (const index of ['nelson_c', 'heisig6', 'henshall', 'kodansha_compact']) put(index, one(block, new RegExp(`<dic_ref dr_type="${index}"[^>]*>([^<]+)<`)));
    const tags = grade === undefined ? [] : Number(grade) <= 8 ? ['jouyou'] : ['jinmeiyou'];
    yield [
      literal,
      all(block, /<reading r_type="ja_on">([^<]+)</g).join(' '),
      all(block, /<reading r_type="ja_kun">([^<]+)</g).join(' '),
      tags.join(' '),
      all(block, /<meaning>([^<]+)<\/meaning>/g),
      stats,
    ];
  }
}

/** Every character of KANJIDIC2 (or `characters`) as kanji v3 rows, a kanji meta `freq` row for those ranked, and the tag bank of the stats. */
export function buildKanjidic(options: KanjidicOptions): KanjidicResult {
  if (!fs.existsSync(kanjidicPath)) throw new Error(`${kanjidicPath} is absent: apt-get install kanjidic-xml (npm run setup installs it)`);
  const title = options.title ?? 'KANJIDIC2 (Yomitan)';
  const zipPath = outputPath(options.dir, `${title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase()}.zip`);
  const writer = new ZipFileWriter(zipPath);
  writer.add('index.json', {
    title,
    revision: 'kanjidic2-debian',
    format: 3,
    author: 'Kotonoha tests, from KANJIDIC2 (Electronic Dictionary Research and Development Group)',
    url: 'https://www.edrdg.org/wiki/index.php/KANJIDIC_Project',
    attribution: 'KANJIDIC2, © Electronic Dictionary Research and Development Group, CC BY-SA 4.0',
    sourceLanguage: 'ja',
    targetLanguage: 'en',
    frequencyMode: 'rank-based',
  });
  const ranks: unknown[] = [];
  let kanji = 0;
  const only = options.characters ? new Set(options.characters) : null;
  function* rows() {
    for (const row of characters(kanjidicPath, only)) {
      kanji++;
      const rank = (row[5] as Record<string, string>).freq;
      if (rank) ranks.push([row[0], 'freq', { value: Number(rank), displayValue: `#${rank}` }]);
      yield row;
    }
  }
  writer.addBanks('kanji_bank', rows());
  writer.addBanks('kanji_meta_bank', ranks);
  const tags = [
    ...statTags.map(([name, category, notes]) => [name, category, 0, notes, 0]),
    ['jouyou', 'frequent', -5, 'included in the list of regular-use characters', 0],
    ['jinmeiyou', 'frequent', -5, 'included in the list of characters for use in personal names', 0],
  ];
  writer.add('tag_bank_1.json', tags);
  writer.close();
  return { path: zipPath, kanji, kanjiMeta: ranks.length, tags: tags.length };
}
