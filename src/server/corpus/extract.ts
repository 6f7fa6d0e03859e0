import Encoding from 'encoding-japanese';
import { unzipSync } from 'fflate';
import { convert as htmlToText } from 'html-to-text';
import { parseDocument, DomUtils } from 'htmlparser2';
import { extensionOf, isLibraryFile, libraryExtensions } from '../../common/shonagon';
import { coded, type Coded } from '../../common/server-errors';

/** A stretch of text that sentences never cross: a paragraph, a chapter, a subtitle cue. */
export interface Block {
  text: string;
  /** Cue times in seconds (subtitles); null elsewhere. */
  start?: number | null;
  end?: number | null;
}

export interface Extracted {
  blocks: Block[];
  kind: 'text' | 'html' | 'epub' | 'subtitle';
  encoding?: string;
  title?: string;
  author?: string;
  pubYear?: number;
}

/** An import refused because of the file: its message names the file; `status` and `coded` are the HTTP answer (docs/errors.md). */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
    readonly coded: Coded,
  ) {
    super(message);
  }
}

/** Reads a file into blocks of text; throws ImportError naming the file when it cannot. */
export function extractFile(name: string, bytes: Uint8Array): Extracted {
  const extension = extensionOf(name);
  if (!isLibraryFile(name)) {
    throw new ImportError(`${name}: unsupported file type${extension ? ` ${extension}` : ''}; use ${libraryExtensions.join(' ')}`, 415, coded('file-type', { name, extension, allowed: libraryExtensions.join(' ') }));
  }
  if (bytes.length === 0) throw new ImportError(`${name}: the file is empty (0 bytes)`, 400, coded('file-empty', { name }));
  let extracted: Extracted;
  if (extension === '.epub') {
    extracted = extractEpub(name, bytes);
  } else {
    const { text, encoding } = decodeText(name, bytes);
    if (extension === '.srt' || extension === '.vtt') extracted = { kind: 'subtitle', blocks: parseTimedCues(name, text) };
    else if (extension === '.ass' || extension === '.ssa') extracted = { kind: 'subtitle', blocks: parseAss(name, text) };
    else if (extension === '.html' || extension === '.htm' || extension === '.xhtml') extracted = { kind: 'html', ...extractHtml(text) };
    else extracted = { kind: 'text', blocks: paragraphs(extension === '.md' ? stripMarkdown(text) : text) };
    extracted.encoding = encoding;
  }
  if (!extracted.blocks.some((block) => block.text.trim() !== '')) throw new ImportError(`${name}: no text found in the file`, 400, coded('no-text', { name }));
  return extracted;
}

const decoders: Record<string, string> = { UTF8: 'utf-8', SJIS: 'shift_jis', EUCJP: 'euc-jp', UTF16BE: 'utf-16be', UTF16LE: 'utf-16le' };

/**
 * UTF-8 is tried first (strictly: most files are UTF-8 and a strict decode rejects anything
 * else); otherwise encoding-japanese detects Shift_JIS / EUC-JP and a strict decoder reads it, so a
 * wrong guess fails instead of importing mojibake.
 */
export function decodeText(name: string, bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: strictDecode(name, 'utf-16le', bytes.subarray(2)), encoding: 'UTF-16LE' };
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: strictDecode(name, 'utf-16be', bytes.subarray(2)), encoding: 'UTF-16BE' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    // Not UTF-8: ask the detector.
  }
  const detected = Encoding.detect(bytes, ['SJIS', 'EUCJP', 'UTF16BE', 'UTF16LE']);
  const label = detected ? decoders[detected] : undefined;
  if (!label) throw new ImportError(`${name}: cannot read the text: it is not UTF-8, Shift_JIS or EUC-JP`, 400, coded('not-readable-text', { name }));
  return { text: strictDecode(name, label, bytes), encoding: label === 'shift_jis' ? 'Shift_JIS' : label === 'euc-jp' ? 'EUC-JP' : label.toUpperCase() };
}

function strictDecode(name: string, label: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    throw new ImportError(`${name}: cannot read the text as ${label}: it is not UTF-8, Shift_JIS or EUC-JP`, 400, coded('not-readable-text', { name }));
  }
}

/** Paragraphs: blank lines separate them; single line breaks stay for the splitter. */
function paragraphs(text: string): Block[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .filter((part) => part.trim() !== '')
    .map((part) => ({ text: part }));
}

function stripMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '')
    .replace(/^ {0,3}#{1,6}\s+/gm, '')
    .replace(/^ {0,3}>\s?/gm, '')
    .replace(/^ {0,3}(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/<[^>\n]+>/g, '');
}

const htmlOptions = {
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'rt', format: 'skip' },
    { selector: 'rp', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable' },
  ],
};

function extractHtml(html: string): { blocks: Block[]; title?: string } {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  // Ruby readings (<rt>) are dropped so 漢字 is searchable as written.
  return { blocks: paragraphs(htmlToText(html, htmlOptions)), title: title ? decodeEntities(title) : undefined };
}

function decodeEntities(text: string): string {
  return DomUtils.textContent(parseDocument(text));
}

function extractEpub(name: string, bytes: Uint8Array): Extracted {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new ImportError(`${name}: the EPUB is damaged or cut short (not a readable zip)`, 400, coded('epub-damaged', { name }));
  }
  const read = (path: string) => {
    const data = files[path];
    if (!data) throw new ImportError(`${name}: the EPUB is damaged: ${path} is missing`, 400, coded('epub-damaged', { name }));
    return new TextDecoder('utf-8').decode(data);
  };
  const container = parseDocument(read('META-INF/container.xml'), { xmlMode: true });
  const rootfile = DomUtils.findOne((el) => el.name === 'rootfile' || el.name.endsWith(':rootfile'), container.children, true);
  const opfPath = rootfile?.attribs['full-path'];
  if (!opfPath) throw new ImportError(`${name}: the EPUB is damaged: no package document`, 400, coded('epub-damaged', { name }));
  const opf = parseDocument(read(opfPath), { xmlMode: true });
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const byLocalName = (local: string) => (el: { name: string }) => el.name === local || el.name.endsWith(':' + local);
  const manifest = new Map<string, string>();
  for (const item of DomUtils.findAll(byLocalName('item'), opf.children)) manifest.set(item.attribs.id, item.attribs.href);
  const spine = DomUtils.findAll(byLocalName('itemref'), opf.children).map((ref) => manifest.get(ref.attribs.idref)).filter((href): href is string => Boolean(href));
  if (spine.length === 0) throw new ImportError(`${name}: the EPUB is damaged: its spine lists no chapters`, 400, coded('epub-damaged', { name }));
  const metaText = (local: string) => {
    const el = DomUtils.findOne(byLocalName(local), opf.children, true);
    return el ? DomUtils.textContent(el).trim() || undefined : undefined;
  };
  const blocks: Block[] = [];
  for (const href of spine) {
    const path = resolvePath(base, decodeURIComponent(href.split('#')[0]));
    blocks.push(...extractHtml(read(path)).blocks);
  }
  const date = metaText('date');
  const year = date ? Number(/\d{4}/.exec(date)?.[0]) : NaN;
  return { kind: 'epub', blocks, title: metaText('title'), author: metaText('creator'), pubYear: Number.isFinite(year) ? year : undefined, encoding: 'UTF-8' };
}

function resolvePath(base: string, href: string): string {
  const parts = (base + href).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

const timestamp = /(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})/;

function seconds(match: RegExpExecArray): number {
  const [, h, m, s, fraction] = match;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(fraction.padEnd(3, '0')) / 1000;
}

/** SRT and WebVTT: each cue's text with its start and end. */
function parseTimedCues(name: string, text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const arrow = lines[i].indexOf('-->');
    if (arrow < 0) continue;
    const from = timestamp.exec(lines[i].slice(0, arrow));
    const to = timestamp.exec(lines[i].slice(arrow + 3));
    if (!from || !to) continue;
    const cue: string[] = [];
    while (i + 1 < lines.length && lines[i + 1].trim() !== '') cue.push(lines[++i]);
    const cueText = cue
      .join('\n')
      .replace(/<[^>]+>/g, '')
      .replace(/\{\\[^}]*\}/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ');
    if (cueText.trim()) blocks.push({ text: cueText, start: seconds(from), end: seconds(to) });
  }
  if (blocks.length === 0) throw new ImportError(`${name}: no subtitle cues found (expected "00:00:01,000 --> 00:00:02,000" lines)`, 400, coded('no-subtitle-cues', { name }));
  return blocks;
}

/** ASS/SSA: the Dialogue lines of [Events], override tags removed. */
function parseAss(name: string, text: string): Block[] {
  const blocks: Block[] = [];
  let fields: string[] = ['layer', 'start', 'end', 'style', 'name', 'marginl', 'marginr', 'marginv', 'effect', 'text'];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^Format:/i.test(line)) {
      const names = line.slice(line.indexOf(':') + 1).split(',').map((field) => field.trim().toLowerCase());
      if (names.includes('text') && names.includes('start')) fields = names;
      continue;
    }
    if (!/^Dialogue:/i.test(line)) continue;
    const values = line.slice(line.indexOf(':') + 1).split(',');
    const textIndex = fields.indexOf('text');
    const record = Object.fromEntries(fields.map((field, index) => [field, index === textIndex ? values.slice(index).join(',') : (values[index] ?? '').trim()]));
    const from = timestamp.exec(record.start ?? '');
    const to = timestamp.exec(record.end ?? '');
    const cueText = (record.text ?? '').replace(/\{[^}]*\}/g, '').replace(/\\[Nn]/g, '\n').replace(/\\h/g, ' ');
    if (from && to && cueText.trim()) blocks.push({ text: cueText, start: seconds(from), end: seconds(to) });
  }
  if (blocks.length === 0) throw new ImportError(`${name}: no Dialogue lines found in the subtitle file`, 400, coded('no-subtitle-cues', { name }));
  blocks.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
  return blocks;
}
