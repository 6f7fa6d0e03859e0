import { xpanCategories, type XpanEntry } from '../../../common/xpan';
import { formatDate as formatLocalDate } from '../../lib/i18n/format';

export type FileKind = 'folder' | 'video' | 'audio' | 'image' | 'text' | 'other';

const textExtensions = new Set(['txt', 'md', 'srt', 'vtt', 'ass', 'ssa', 'lrc', 'csv', 'tsv', 'json', 'log', 'xml', 'yaml', 'yml', 'ini', 'html', 'htm']);
const videoExtensions = new Set(['mp4', 'm4v', 'webm', 'mov', 'mkv', 'ogv']);
const audioExtensions = new Set(['mp3', 'm4a', 'aac', 'wav', 'ogg', 'oga', 'opus', 'flac']);
const imageExtensions = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'svg']);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** What the screen can do with an entry: the extension decides, Baidu's category breaks ties. */
export function fileKind(entry: Pick<XpanEntry, 'isdir' | 'category' | 'server_filename'>): FileKind {
  if (entry.isdir === 1) return 'folder';
  const extension = extensionOf(entry.server_filename);
  if (textExtensions.has(extension)) return 'text';
  if (videoExtensions.has(extension)) return 'video';
  if (audioExtensions.has(extension)) return 'audio';
  if (imageExtensions.has(extension)) return 'image';
  if (entry.category === xpanCategories.video) return 'video';
  if (entry.category === xpanCategories.audio) return 'audio';
  if (entry.category === xpanCategories.image) return 'image';
  return 'other';
}


/** Seconds since the epoch (Baidu's server_mtime), local, in the interface language: "2026/01/02 09:30" (zh, ja), "01/02/2026, 09:30" (en). */
export function formatDate(seconds: number | undefined): string {
  if (seconds === undefined) return '';
  return formatLocalDate(seconds * 1000, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** A folder path as its crumbs: "/a/b" → [{name:'a',path:'/a'},{name:'b',path:'/a/b'}]. */
export function crumbsOf(dir: string): Array<{ name: string; path: string }> {
  const parts = dir.split('/').filter(Boolean);
  return parts.map((name, index) => ({ name, path: `/${parts.slice(0, index + 1).join('/')}` }));
}

/** An absolute, normalised folder path from the address bar: no empty or dot segments. */
export function normaliseDir(raw: string | null): string {
  const parts = (raw ?? '/').split('/').filter((part) => part !== '' && part !== '.' && part !== '..');
  return `/${parts.join('/')}`;
}

export function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** Folders first, then by the chosen key (for search results, which arrive all at once). */
export function sortEntries(entries: XpanEntry[], order: 'name' | 'size' | 'time', desc: boolean): XpanEntry[] {
  const collator = new Intl.Collator(['ja', 'zh'], { numeric: true });
  return [...entries].sort((a, b) => {
    if (a.isdir !== b.isdir) return a.isdir === 1 ? -1 : 1;
    const cmp =
      order === 'size' ? a.size - b.size : order === 'time' ? (a.server_mtime ?? 0) - (b.server_mtime ?? 0) : collator.compare(a.server_filename, b.server_filename);
    return desc ? -cmp : cmp;
  });
}

/**
 * Keeps folders first across the pages of a listing. Baidu already sorts folders before files, so
 * this only matters if it ever does not; entries keep their relative order otherwise.
 */
export function foldersFirst(entries: XpanEntry[]): XpanEntry[] {
  return [...entries.filter((entry) => entry.isdir === 1), ...entries.filter((entry) => entry.isdir !== 1)];
}

const baseName = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name);

/** Subtitles kept beside a video under its name: "第1課.mp4" takes "第1課.srt", "第1課.ja.vtt". */
export function subtitlesFor(video: XpanEntry, siblings: XpanEntry[]): XpanEntry[] {
  const base = baseName(video.server_filename);
  const folder = parentOf(video.path);
  return siblings.filter((entry) => {
    if (entry.isdir === 1 || !['srt', 'vtt'].includes(extensionOf(entry.server_filename)) || parentOf(entry.path) !== folder) return false;
    const other = baseName(entry.server_filename);
    return other === base || other.startsWith(`${base}.`);
  });
}

/** SubRip to WebVTT, which is all a <track> reads: a header and dots in the timestamps. */
export function srtToVtt(text: string): string {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2');
  return body.startsWith('WEBVTT') ? body : `WEBVTT\n\n${body}`;
}
