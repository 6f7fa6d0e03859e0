import type { CreatedDocument } from '../../common/shonagon';
import type { Corpus, DocumentMeta } from './corpus';
import { coded } from '../../common/server-errors';
import { extractFile, ImportError, type Block } from './extract';
import type { PostingsBuilder } from './postings-builder';

/** What an import reads: an uploaded file, posted text, or timed cues (the video search's subtitles). */
export type ImportSource =
  | { kind: 'file'; name: string; bytes: Uint8Array }
  | { kind: 'text'; text: string }
  | { kind: 'cues'; cues: Array<{ start: number; end: number; text: string }> };

export type ImportMeta = Partial<DocumentMeta>;

/** Reads the source and adds it as one document (one transaction); runs inside the import worker. */
export function runImport(corpus: Corpus, source: ImportSource, meta: ImportMeta, onProgress: (phase: 'reading' | 'indexing', fraction: number) => void, jobId?: string, build?: PostingsBuilder): CreatedDocument {
  onProgress('reading', 0);
  let blocks: Block[];
  let kind: string;
  let encoding: string | null = null;
  let bytes: number;
  let title = meta.title?.trim() || '';
  let author = meta.author;
  let pubYear = meta.pubYear;
  if (source.kind === 'file') {
    const extracted = extractFile(source.name, source.bytes);
    blocks = extracted.blocks;
    kind = extracted.kind;
    encoding = extracted.encoding ?? null;
    bytes = source.bytes.length;
    title ||= extracted.title?.trim() || source.name.replace(/\.[^.]+$/, '');
    author ??= extracted.author;
    pubYear ??= extracted.pubYear;
  } else if (source.kind === 'text') {
    if (source.text.trim() === '') throw new ImportError(`${title || 'text'}: the text is empty`, 400, coded('text-empty', { name: title || 'text' }));
    blocks = source.text
      .replace(/\r\n?/g, '\n')
      .split(/\n[ \t\u3000]*\n/)
      .map((text) => ({ text }));
    kind = 'text';
    bytes = Buffer.byteLength(source.text);
  } else {
    blocks = source.cues.filter((cue) => cue.text.trim() !== '').map((cue) => ({ text: cue.text, start: cue.start, end: cue.end }));
    if (blocks.length === 0) throw new ImportError(`${title || 'subtitles'}: no subtitle cues with text`, 400, coded('no-subtitle-cues', { name: title || 'subtitles' }));
    kind = 'subtitle';
    bytes = blocks.reduce((sum, block) => sum + Buffer.byteLength(block.text), 0);
  }
  onProgress('indexing', 0);
  return corpus.insertDocument(
    { title: title || 'Untitled', media: meta.media ?? '', pubYear: pubYear ?? null, author: author ?? '', ref: meta.ref ?? null, bytes, kind, encoding },
    blocks,
    (fraction) => onProgress('indexing', fraction),
    jobId,
    build,
  );
}
