import fs from 'node:fs';
import type { DictionaryCounts, ImportStep } from '../../../common/dictionaries';
import { DictionaryImportError } from '../import-errors';
import { RowIssue, indexSchema, kanjiMetaRow, kanjiRow, tagMetaRows, tagRow, termMetaRow, termRow, type YomitanIndex } from './banks';
import { DictionaryWriter } from './dictionary-db';
import { JsonShapeError, jsonRows } from './json-rows';
import { safeMediaPath } from './structured-content';
import { ZipReader, type ZipEntry, type ZipLimits } from './zip-reader';

export interface ImportProgress {
  step: ImportStep;
  file?: string;
  rows: number;
  /** 0..1 */
  progress: number;
}

export interface YomitanImportOptions {
  /** Titles already installed: importing one of them again is refused. */
  installedTitles?: readonly string[];
  onIndex?: (index: YomitanIndex) => void;
  onProgress?: (progress: ImportProgress) => void;
  limits?: ZipLimits;
}

export interface YomitanImportResult {
  index: YomitanIndex;
  counts: DictionaryCounts;
  hasStyles: boolean;
}

const imageTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};

/** The content type of a dictionary's file by its extension, if it is an image. */
export function imageType(path: string): string | undefined {
  return imageTypes[path.slice(path.lastIndexOf('.') + 1).toLowerCase()];
}

const banks: Array<{ pattern: RegExp; step: ImportStep }> = [
  { pattern: /^tag_bank_\d+\.json$/, step: 'reading' },
  { pattern: /^term_bank_\d+\.json$/, step: 'terms' },
  { pattern: /^term_meta_bank_\d+\.json$/, step: 'meta' },
  { pattern: /^kanji_bank_\d+\.json$/, step: 'kanji' },
  { pattern: /^kanji_meta_bank_\d+\.json$/, step: 'meta' },
];

const bankNumber = (name: string) => Number(/(\d+)\.json$/.exec(name)?.[1] ?? 0);

function readText(zip: ZipReader, entry: ZipEntry): string {
  const text = zip.read(entry).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function badJson(entry: ZipEntry, issue: string): DictionaryImportError {
  return new DictionaryImportError('dict-bad-json', { file: entry.name, issue }, `${entry.name} is not valid JSON: ${issue}`);
}

function readJson(zip: ZipReader, entry: ZipEntry): unknown {
  try {
    return JSON.parse(readText(zip, entry));
  } catch (error) {
    throw badJson(entry, (error as Error).message);
  }
}

/**
 * Imports a Yomitan dictionary (.zip; format 1, 2 or 3) into a new dictionary file at `outPath`,
 * one zip entry at a time: its index first, then tag, term, term meta, kanji and kanji meta
 * banks, its images and styles.css. Any bad input throws a DictionaryImportError naming the
 * file inside the zip (and the row), and `outPath` is removed.
 */
export function importYomitan(zipPath: string, outPath: string, options: YomitanImportOptions = {}): YomitanImportResult {
  let zip: ZipReader;
  try {
    zip = ZipReader.open(zipPath, options.limits);
  } catch (error) {
    if (error instanceof DictionaryImportError) throw error;
    throw new DictionaryImportError('dict-not-zip', { issue: (error as Error).message }, `Not a readable zip file: ${(error as Error).message}.`);
  }
  let writer: DictionaryWriter | null = null;
  try {
    for (const entry of zip.entries) {
      if (!safeMediaPath(entry.name)) throw new DictionaryImportError('dict-bad-path', { file: entry.name, path: entry.name }, `${entry.name}: a path inside the zip may not contain ".." or be absolute.`);
    }
    const indexEntry = zip.find('index.json');
    if (!indexEntry) {
      const nested = zip.entries.find((entry) => entry.name.endsWith('/index.json'));
      if (nested) throw new DictionaryImportError('dict-index-nested', { file: nested.name }, `index.json is inside a folder (${nested.name}): zip the dictionary's files themselves, not their folder.`);
      throw new DictionaryImportError('dict-no-index', {}, 'No index.json in the zip: this is not a Yomitan dictionary.');
    }
    const parsed = indexSchema.safeParse(readJson(zip, indexEntry));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const text = `${issue.path.map(String).join('.') || 'index'}: ${issue.message}`;
      throw new DictionaryImportError('dict-bad-index', { issue: text }, `index.json is not a Yomitan index (${text}).`);
    }
    const index = parsed.data;
    const format = index.format ?? index.version;
    if (format !== 1 && format !== 2 && format !== 3) {
      throw new DictionaryImportError('dict-unknown-format', { format: String(format ?? 'none') }, `Unknown dictionary format ${format ?? '(none given)'}: Kotonoha reads formats 1, 2 and 3.`);
    }
    if (options.installedTitles?.includes(index.title)) {
      throw new DictionaryImportError('dict-title-taken', { title: index.title }, `A dictionary titled "${index.title}" is already installed.`);
    }
    options.onIndex?.(index);
    writer = new DictionaryWriter(outPath);
    for (const tag of tagMetaRows(index)) writer.addTag(tag);

    const work = banks.flatMap(({ pattern, step }) =>
      zip.entries
        .filter((entry) => pattern.test(entry.name))
        .sort((a, b) => bankNumber(a.name) - bankNumber(b.name))
        .map((entry) => ({ entry, step })),
    );
    const media = zip.entries.filter((entry) => imageType(entry.name) !== undefined);
    const total = [...work.map((item) => item.entry), ...media].reduce((sum, entry) => sum + entry.compressedSize, 0) || 1;
    let done = 0;
    let rows = 0;
    const images = new Set<string>();
    for (const { entry, step } of work) {
      options.onProgress?.({ step, file: entry.name, rows, progress: done / total });
      const text = readText(zip, entry);
      const kind = entry.name.replace(/_\d+\.json$/, '');
      let row = 0;
      try {
        for (const slice of jsonRows(text)) {
          let value: unknown;
          try {
            value = JSON.parse(text.slice(slice.start, slice.end));
          } catch (error) {
            throw badJson(entry, `row ${row}: ${(error as Error).message}`);
          }
          if (kind === 'term_bank') writer.addTerm(termRow(format, value, images, slice.glossaryEnd > slice.glossaryStart ? text.slice(slice.glossaryStart, slice.glossaryEnd) : undefined));
          else if (kind === 'term_meta_bank') writer.addTermMeta(termMetaRow(value));
          else if (kind === 'kanji_bank') writer.addKanji(kanjiRow(format, value));
          else if (kind === 'kanji_meta_bank') writer.addKanjiMeta(kanjiMetaRow(value));
          else writer.addTag(tagRow(value));
          row++;
          rows++;
        }
      } catch (error) {
        if (error instanceof JsonShapeError) throw badJson(entry, error.message);
        if (error instanceof RowIssue) throw new DictionaryImportError('dict-bad-row', { file: entry.name, row, issue: error.message }, `${entry.name}, row ${row}: ${error.message}`);
        throw error;
      }
      done += entry.compressedSize;
    }
    for (const entry of media) {
      options.onProgress?.({ step: 'media', file: entry.name, rows, progress: done / total });
      writer.addMedia(entry.name, zip.read(entry));
      done += entry.compressedSize;
    }
    const counts = { ...writer.counts };
    if (counts.terms + counts.termMeta + counts.kanji + counts.kanjiMeta === 0) {
      throw new DictionaryImportError('dict-no-entries', {}, 'The dictionary holds no terms, kanji or metadata.');
    }
    const styles = zip.find('styles.css');
    const css = styles ? zip.read(styles).toString('utf8') : undefined;
    writer.setMeta({
      title: index.title,
      revision: index.revision,
      format: String(format),
      index: JSON.stringify({ ...index, tagMeta: undefined }),
      styles: css,
      images: JSON.stringify([...images].filter((path) => zip.find(path) === undefined).slice(0, 20)),
    });
    options.onProgress?.({ step: 'indexing', rows, progress: 0.99 });
    writer.finish();
    writer = null;
    return { index, counts, hasStyles: css !== undefined };
  } finally {
    if (writer) {
      writer.abort();
      fs.rmSync(outPath, { force: true });
    }
    zip.close();
  }
}
