import fs from 'node:fs';
import zlib from 'node:zlib';
import { DictionaryImportError } from './import-errors';
import { DictionaryWriter } from './yomitan/dictionary-db';

/** The title the built-in kanji dictionary is listed under. */
export const kanjidicTitle = 'KANJIDIC2';

/**
 * Stats kept from KANJIDIC2, with the tag (category, notes, order) each is listed under: the
 * kanji card groups them by category. The test dictionaries' KANJIDIC2 uses the same list.
 */
export const kanjidicStatTags: ReadonlyArray<{ name: string; category: string; notes: string; order: number }> = [
  { name: 'strokes', category: 'misc', notes: 'Stroke count', order: 0 },
  { name: 'grade', category: 'misc', notes: 'School grade', order: 1 },
  { name: 'jlpt', category: 'misc', notes: 'JLPT level (old four-level test)', order: 2 },
  { name: 'freq', category: 'misc', notes: 'Frequency rank in newspapers', order: 3 },
  { name: 'radical', category: 'misc', notes: 'Classical radical', order: 4 },
  { name: 'ucs', category: 'code', notes: 'Unicode code point', order: 10 },
  { name: 'jis208', category: 'code', notes: 'JIS X 0208', order: 11 },
  { name: 'skip', category: 'class', notes: 'SKIP code', order: 20 },
  { name: 'four_corner', category: 'class', notes: 'Four corner code', order: 21 },
  { name: 'heisig6', category: 'index', notes: 'Remembering the Kanji (6th ed.)', order: 30 },
  { name: 'nelson_c', category: 'index', notes: 'Modern Reader’s Japanese-English Character Dictionary', order: 31 },
  { name: 'halpern_njecd', category: 'index', notes: 'New Japanese-English Character Dictionary', order: 32 },
  { name: 'kodansha_compact', category: 'index', notes: 'Kodansha Compact Kanji Guide', order: 33 },
];
const statNames = new Set(kanjidicStatTags.map((tag) => tag.name));

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]);

/** One <character> element → a kanji row and its frequency, or null when it has no literal. */
export function parseCharacter(xml: string) {
  const literal = /<literal>([^<]+)<\/literal>/.exec(xml)?.[1];
  if (!literal) return null;
  const onyomi: string[] = [];
  const kunyomi: string[] = [];
  const meanings: string[] = [];
  const stats: Record<string, string> = {};
  for (const match of xml.matchAll(/<reading r_type="(ja_on|ja_kun)">([^<]+)<\/reading>/g)) (match[1] === 'ja_on' ? onyomi : kunyomi).push(unescape(match[2]));
  // A meaning without m_lang is English.
  for (const match of xml.matchAll(/<meaning>([^<]+)<\/meaning>/g)) meanings.push(unescape(match[1]));
  const first = (pattern: RegExp) => pattern.exec(xml)?.[1];
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined && !(name in stats)) stats[name] = unescape(value);
  };
  set('strokes', first(/<stroke_count>(\d+)<\/stroke_count>/));
  set('grade', first(/<grade>(\d+)<\/grade>/));
  set('jlpt', first(/<jlpt>(\d+)<\/jlpt>/));
  set('freq', first(/<freq>(\d+)<\/freq>/));
  set('radical', first(/<rad_value rad_type="classical">(\d+)<\/rad_value>/));
  for (const match of xml.matchAll(/<cp_value cp_type="(\w+)">([^<]+)<\/cp_value>/g)) if (statNames.has(match[1])) set(match[1], match[2]);
  for (const match of xml.matchAll(/<dic_ref dr_type="(\w+)"[^>]*>([^<]+)<\/dic_ref>/g)) if (statNames.has(match[1])) set(match[1], match[2]);
  for (const match of xml.matchAll(/<q_code qc_type="(\w+)"[^>]*>([^<]+)<\/q_code>/g)) if (statNames.has(match[1])) set(match[1], match[2]);
  return {
    row: { character: unescape(literal), onyomi: onyomi.join(' '), kunyomi: kunyomi.join(' '), tags: '', meanings, stats },
    frequency: stats.freq ? Number(stats.freq) : null,
  };
}

/**
 * Converts Debian's KANJIDIC2 (`kanjidic2.xml.gz`, or the plain XML) into a dictionary file of
 * kanji with English meanings, on and kun readings and stats, and a rank-based kanji frequency.
 * Reads the file as a stream, one <character> element at a time.
 */
export async function importKanjidic(sourcePath: string, outPath: string, onProgress?: (progress: number, rows: number) => void) {
  let size: number;
  try {
    size = fs.statSync(sourcePath).size;
  } catch (error) {
    throw new DictionaryImportError('dict-import-failed', { issue: `cannot read ${sourcePath}` }, `Cannot read KANJIDIC2 at ${sourcePath}: ${(error as NodeJS.ErrnoException).code}`);
  }
  const writer = new DictionaryWriter(outPath);
  try {
    for (const tag of kanjidicStatTags) writer.addTag({ ...tag, score: 0 });
    const file = fs.createReadStream(sourcePath);
    let read = 0;
    file.on('data', (chunk) => (read += chunk.length));
    const text = sourcePath.endsWith('.gz') ? file.pipe(zlib.createGunzip()) : file;
    text.setEncoding('utf8');
    let carry = '';
    let rows = 0;
    let version: string | undefined;
    for await (const chunk of text as AsyncIterable<string>) {
      carry += chunk;
      version ??= /<database_version>([^<]+)<\/database_version>/.exec(carry)?.[1];
      let end: number;
      let start = 0;
      while ((end = carry.indexOf('</character>', start)) >= 0) {
        const begin = carry.indexOf('<character>', start);
        const parsed = begin >= 0 && begin < end ? parseCharacter(carry.slice(begin, end)) : null;
        if (parsed) {
          writer.addKanji(parsed.row);
          if (parsed.frequency !== null) writer.addKanjiMeta({ character: parsed.row.character, value: parsed.frequency, display: null });
          rows++;
        }
        start = end + '</character>'.length;
      }
      carry = carry.slice(start);
      onProgress?.(Math.min(0.95, read / Math.max(1, size)), rows);
    }
    if (rows === 0) throw new DictionaryImportError('dict-no-entries', {}, `${sourcePath} holds no KANJIDIC2 characters.`);
    writer.setMeta({
      title: kanjidicTitle,
      revision: version ?? 'kanjidic2',
      format: '3',
      index: JSON.stringify({
        title: kanjidicTitle,
        revision: version ?? 'kanjidic2',
        author: 'Electronic Dictionary Research and Development Group',
        attribution: 'KANJIDIC2 © the Electronic Dictionary Research and Development Group, used under its licence (CC BY-SA 4.0).',
        url: 'https://www.edrdg.org/wiki/index.php/KANJIDIC_Project',
        sourceLanguage: 'ja',
        targetLanguage: 'en',
        frequencyMode: 'rank-based',
      }),
    });
    writer.finish();
    return { counts: { ...writer.counts } };
  } catch (error) {
    writer.abort();
    throw error;
  }
}
