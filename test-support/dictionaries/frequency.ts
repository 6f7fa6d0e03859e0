// A rank-based frequency dictionary (term meta `freq`) in JPDB's layout, ranked from EDICT.
import { edictLines } from './jitendex-like';
import { outputPath, ZipFileWriter } from './zip-writer';

export interface FrequencyOptions {
  dir: string;
  title?: string;
  /** Only these words (the small dictionary for e2e tests). */
  words?: readonly string[];
  /** At most this many rows (500,000 for the bench). */
  rows?: number;
}

export interface FrequencyResult {
  path: string;
  rows: number;
  /** Rows given for one reading (`{reading, frequency}`). */
  readingRows: number;
}

export const frequencyTitle = 'Frequency (EDICT rank)';

/** A kanji word's rank and the rank of its kana spelling ("たべる㋕": the word written in kana). */
interface Ranked {
  term: string;
  reading: string;
  rank: number;
}

/**
 * Ranks: EDICT's common words (P) first, in file order, then the others; the numbers are ranks,
 * so lower is more frequent (`frequencyMode: rank-based`). Each word written with kanji has a
 * row for its reading, `{reading, frequency: {value, displayValue}}`, a row for its kana
 * spelling with the `㋕` mark JPDB uses, and a row for the spelling whatever its reading (as
 * corpus-based lists give it); kana words have a plain `{value, displayValue}`, every
 * second one a bare number, so each form of the schema is there.
 */
export function buildFrequency(options: FrequencyOptions): FrequencyResult {
  const title = options.title ?? frequencyTitle;
  const max = options.rows ?? Infinity;
  const words = options.words ? new Set(options.words) : null;
  const common: Ranked[] = [];
  const rest: Ranked[] = [];
  for (const line of edictLines()) {
    const slash = line.indexOf(' /');
    if (slash <= 0 || line.startsWith('　？？？')) continue;
    const head = line.slice(0, slash);
    const bracket = head.indexOf(' [');
    const term = bracket > 0 ? head.slice(0, bracket) : head;
    const reading = bracket > 0 ? head.slice(bracket + 2, head.indexOf(']', bracket)).split(';')[0].replace(/\(.*?\)/g, '') : head;
    if (words && !words.has(term) && !words.has(reading)) continue;
    (line.includes('(P)') ? common : rest).push({ term: term.replace(/\(.*?\)/g, ''), reading, rank: 0 });
  }
  const zipPath = outputPath(options.dir, `${title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase()}.zip`);
  const writer = new ZipFileWriter(zipPath);
  writer.add('index.json', { title, revision: '1', format: 3, frequencyMode: 'rank-based', author: 'Kotonoha tests', description: 'Ranks from EDICT: common words first.', sourceLanguage: 'ja' });
  let readingRows = 0;
  function* rows(): Generator<unknown[]> {
    let rank = 0;
    let count = 0;
    let kana = 0;
    for (const word of [...common, ...rest]) {
      rank++;
      if (count >= max) return;
      if (word.term !== word.reading) {
        readingRows++;
        count++;
        yield [word.term, 'freq', { reading: word.reading, frequency: { value: rank, displayValue: String(rank) } }];
        if (count >= max) return;
        readingRows++;
        count++;
        yield [word.reading, 'freq', { reading: word.reading, frequency: { value: rank * 4, displayValue: `${rank * 4}㋕` } }];
        if (count >= max) return;
        count++;
        yield [word.term, 'freq', { value: rank, displayValue: `${rank} (any reading)` }];
      } else {
        count++;
        yield kana++ % 2 === 1 ? [word.term, 'freq', rank] : [word.term, 'freq', { value: rank, displayValue: String(rank) }];
      }
    }
  }
  const count = writer.addBanks('term_meta_bank', rows());
  writer.close();
  return { path: zipPath, rows: count, readingRows };
}
