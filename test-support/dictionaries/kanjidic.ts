// KANJIDIC2 (Debian's kanjidic-xml) as a Yomitan kanji dictionary, the way Yomitan's own KANJIDIC conversion lays it out.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { kanjidicStatTags, parseCharacter } from '../../src/server/dict/kanjidic';
import { outputPath, ZipFileWriter } from './zip-writer';

/** The title of the KANJIDIC2 the tests build (the server's built-in one is `KANJIDIC2`). */
export const kanjidicTestTitle = 'KANJIDIC2 (Yomitan)';

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

/** Each <character> of the file (or of `only`) as a kanji v3 row, parsed as the server's built-in import parses it. */
function* characters(file: string, only: Set<string> | null): Generator<unknown[]> {
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  let at = 0;
  for (;;) {
    const start = text.indexOf('<character>', at);
    if (start < 0) return;
    const end = text.indexOf('</character>', start);
    at = end + 12;
    const parsed = parseCharacter(text.slice(start, end));
    if (!parsed || (only && !only.has(parsed.row.character))) continue;
    const { character, onyomi, kunyomi, meanings, stats } = parsed.row;
    // Yomitan's KANJIDIC conversion tags a character by the list its grade puts it on.
    const tags = stats.grade === undefined ? '' : Number(stats.grade) <= 8 ? 'jouyou' : 'jinmeiyou';
    yield [character, onyomi, kunyomi, tags, meanings, stats];
  }
}

/** Every character of KANJIDIC2 (or `characters`) as kanji v3 rows, a kanji meta `freq` row for those ranked, and the tag bank of the stats. */
export function buildKanjidic(options: KanjidicOptions): KanjidicResult {
  if (!fs.existsSync(kanjidicPath)) throw new Error(`${kanjidicPath} is absent: apt-get install kanjidic-xml (npm run setup installs it)`);
  const title = options.title ?? kanjidicTestTitle;
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
    ...kanjidicStatTags.map(({ name, category, order, notes }) => [name, category, order, notes, 0]),
    ['jouyou', 'frequent', -5, 'included in the list of regular-use characters', 0],
    ['jinmeiyou', 'frequent', -5, 'included in the list of characters for use in personal names', 0],
  ];
  writer.add('tag_bank_1.json', tags);
  writer.close();
  return { path: zipPath, kanji, kanjiMeta: ranks.length, tags: tags.length };
}
