import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AvResult } from '../../common/av-search';
import type { CorpusService } from '../corpus/service';
import { decodeText } from '../corpus/extract';
import type { Logger } from '../log';
import { corpusSubtitleIndex } from './corpus-subtitles';
import { convertSubtitles, extractSubtitles, probe } from './ffmpeg';

export const mediaExtensions = new Set(['.mp4', '.m4v', '.mkv', '.webm', '.mov', '.avi', '.mp3', '.m4a', '.aac', '.flac', '.ogg', '.oga', '.opus', '.wav']);
const subtitleExtensions = ['.vtt', '.srt', '.ass', '.ssa'] as const;
const videoTypes: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.avi': 'video/x-msvideo',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.wav': 'audio/wav',
};

export const contentTypeOf = (file: string) => videoTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/** A cue that matched, as the corpus finds it. */
export interface CueHit {
  docId: string;
  text: string;
  start: number;
  end: number;
  keyStart: number;
  keyEnd: number;
}

/** What the library needs of the corpus index (the same one Shonagon searches). */
export interface SubtitleIndex {
  /** Indexes a WebVTT track as one document whose sentences keep their cue times; resolves with its id. */
  addSubtitles(input: { title: string; vtt: string }): Promise<string>;
  removeDocument(docId: string): Promise<void>;
  /** Matching cues in the given documents, in document order, at most `limit`. */
  searchCues(q: string, docIds: readonly string[], limit: number, signal: AbortSignal): AsyncIterable<CueHit>;
}

export interface MediaItem {
  id: string;
  path: string;
  title: string;
  kind: 'video' | 'audio';
  duration: number | null;
  size: number;
  docId: string | null;
  subtitles: string | null;
  error: string | null;
}

interface Row {
  id: string;
  path: string;
  size: number;
  mtime: number;
  kind: 'video' | 'audio';
  duration: number | null;
  doc_id: string | null;
  subtitles: string | null;
  error: string | null;
  /** The sidecar subtitle file and its mtime when indexed, so a subtitle added or edited later is noticed. */
  sidecar: string | null;
}

export const searchWaitsForScanMs = 3000;

const normalise = (text: string) => text.normalize('NFKC').toLowerCase();

/** Sidecars next to the file: `name.srt`, `name.ja.srt`, `name.jpn.vtt` … preferring Japanese, then .vtt. */
export function findSidecar(file: string, siblings: readonly string[]): string | null {
  const dir = path.dirname(file);
  const stem = path.basename(file, path.extname(file));
  const candidates = siblings.filter((name) => {
    const ext = path.extname(name).toLowerCase();
    if (!(subtitleExtensions as readonly string[]).includes(ext)) return false;
    const base = name.slice(0, -ext.length);
    return base === stem || base.startsWith(`${stem}.`);
  });
  const score = (name: string) => {
    const tag = name.slice(stem.length, -path.extname(name).length).toLowerCase();
    const language = tag === '' ? 1 : /^\.(ja|jp|jpn|japanese)$/.test(tag) ? 0 : 2;
    return language * 10 + subtitleExtensions.indexOf(path.extname(name).toLowerCase() as (typeof subtitleExtensions)[number]);
  };
  candidates.sort((a, b) => score(a) - score(b));
  return candidates[0] ? path.join(dir, candidates[0]) : null;
}

/**
 * The local media library (docs/api.md "Media library"): videos and audio under DATA_DIR/media (any
 * depth) and among the finished uploads, each probed once with ffprobe, its subtitles (a sidecar
 * file or an embedded text track) indexed through the corpus. Files added, changed or removed later
 * are picked up on the next search or listing, and straight away when the folder watcher notices
 * them.
 */
export class MediaLibrary {
  private opened: Database.Database | undefined;
  private scanning: Promise<void> | undefined;
  private lastScan = 0;
  private dirty = true;
  private closed = false;
  private readonly watchers: fs.FSWatcher[] = [];

  constructor(
    private readonly roots: ReadonlyArray<{ dir: string; recursive: boolean }>,
    private readonly stateFile: string,
    private readonly index: SubtitleIndex,
    private readonly log: Logger,
  ) {}

  /** Opened on first use: an app that never searches videos creates no file. */
  private get db(): Database.Database {
    if (this.opened) return this.opened;
    if (this.closed) throw new Error('The media library is closed.');
    fs.mkdirSync(path.dirname(this.stateFile), { recursive: true });
    const db = new Database(this.stateFile);
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE IF NOT EXISTS media (
      id TEXT PRIMARY KEY, path TEXT NOT NULL UNIQUE, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
      kind TEXT NOT NULL, duration REAL, doc_id TEXT, subtitles TEXT, error TEXT, sidecar TEXT)`);
    this.opened = db;
    return db;
  }

  /** Marks the library stale when a root changes; the next use rescans. */
  watch(): void {
    for (const { dir, recursive } of this.roots) {
      try {
        fs.mkdirSync(dir, { recursive: true });
        const watcher = fs.watch(dir, { recursive, persistent: false }, () => {
          this.dirty = true;
        });
        watcher.on('error', () => {});
        this.watchers.push(watcher);
      } catch (error) {
        this.log.warn('media folder not watched', { dir, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers) watcher.close();
    this.opened?.close();
    this.opened = undefined;
  }

  static idFor(file: string): string {
    return crypto.createHash('sha256').update(file).digest('hex').slice(0, 16);
  }

  /** Rescans when something changed (or every 30 s, in case a watcher missed it), then indexes what is new. */
  async refresh(): Promise<void> {
    if (!this.dirty && Date.now() - this.lastScan < 30_000) return this.scanning;
    this.dirty = false;
    this.lastScan = Date.now();
    const run = (this.scanning ?? Promise.resolve()).then(() => this.scan());
    this.scanning = run.catch((error: unknown) => this.log.error('media scan failed', { error: error instanceof Error ? error.message : String(error) }));
    return this.scanning;
  }

  private listFiles(): Map<string, fs.Stats> {
    const found = new Map<string, fs.Stats>();
    const visit = (dir: string, recursive: boolean) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (recursive) visit(full, true);
        } else if (entry.isFile() && mediaExtensions.has(path.extname(entry.name).toLowerCase())) {
          try {
            found.set(full, fs.statSync(full));
          } catch {
            // Gone between listing and stat: the next scan settles it.
          }
        }
      }
    };
    for (const { dir, recursive } of this.roots) visit(dir, recursive);
    return found;
  }

  private async scan(): Promise<void> {
    const files = this.listFiles();
    const known = new Map((this.db.prepare('SELECT * FROM media').all() as Row[]).map((row) => [row.path, row]));
    for (const [file, row] of known) {
      if (!files.has(file)) await this.forget(row);
    }
    for (const [file, stat] of files) {
      if (this.closed) return;
      const row = known.get(file);
      const sidecar = sidecarSignature(file);
      if (row && row.size === stat.size && row.mtime === Math.floor(stat.mtimeMs) && row.sidecar === sidecar) continue;
      if (row) await this.forget(row);
      await this.add(file, stat, sidecar);
    }
  }

  private async forget(row: Row) {
    if (row.doc_id) await this.index.removeDocument(row.doc_id);
    this.db.prepare('DELETE FROM media WHERE id = ?').run(row.id);
  }

  private async add(file: string, stat: fs.Stats, sidecar: string | null): Promise<void> {
    const id = MediaLibrary.idFor(file);
    const title = path.basename(file);
    const insert = (fields: Partial<Row>) =>
      this.db
        .prepare(
          'INSERT OR REPLACE INTO media (id, path, size, mtime, kind, duration, doc_id, subtitles, error, sidecar) VALUES (@id, @path, @size, @mtime, @kind, @duration, @doc_id, @subtitles, @error, @sidecar)',
        )
        .run({ id, path: file, size: stat.size, mtime: Math.floor(stat.mtimeMs), kind: 'video', duration: null, doc_id: null, subtitles: null, error: null, sidecar, ...fields });
    let probed;
    try {
      probed = await probe(file);
    } catch (error) {
      insert({ error: error instanceof Error ? error.message : String(error) });
      this.log.warn('media file not readable', { title });
      return;
    }
    const kind = probed.hasVideo ? 'video' : 'audio';
    let vtt: string | null = null;
    let problem: string | null = null;
    try {
      vtt = await this.subtitlesFor(file, probed.textSubtitles);
    } catch (error) {
      problem = `subtitles could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
    let docId: string | null = null;
    if (vtt && /-->/.test(vtt)) {
      try {
        docId = await this.index.addSubtitles({ title, vtt });
      } catch (error) {
        problem = `subtitles could not be indexed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    if (this.closed) return;
    insert({ kind, duration: probed.duration, doc_id: docId, subtitles: vtt, error: problem });
    this.log.info('media indexed', { kind, subtitles: docId !== null });
  }

  private async subtitlesFor(file: string, embedded: Array<{ index: number; language: string | null }>): Promise<string | null> {
    const sidecar = findSidecar(file, fs.readdirSync(path.dirname(file)));
    if (sidecar) {
      // Subtitles come in UTF-8, Shift_JIS or EUC-JP; the corpus's detector reads all three.
      const text = decodeText(path.basename(sidecar), fs.readFileSync(sidecar)).text.replace(/^\uFEFF/, '');
      const ext = path.extname(sidecar).toLowerCase();
      if (ext === '.vtt') return text;
      return convertSubtitles(text, ext === '.srt' ? 'srt' : 'ass');
    }
    const track = embedded.find((stream) => stream.language && /^(ja|jpn)$/i.test(stream.language)) ?? embedded[0];
    return track ? extractSubtitles(file, track.index) : null;
  }

  async list(): Promise<MediaItem[]> {
    await this.refresh();
    return (this.db.prepare('SELECT * FROM media ORDER BY path').all() as Row[]).map(toItem);
  }

  get(id: string): MediaItem | undefined {
    const row = this.db.prepare('SELECT * FROM media WHERE id = ?').get(id) as Row | undefined;
    return row && toItem(row);
  }

  /** Title matches first (they need no index), then the subtitle lines that contain the query. */
  async *search(q: string, signal: AbortSignal, limit = 200): AsyncIterable<AvResult> {
    // A file just added is usually indexed within this; a long first indexing run must not hold a
    // search up, which then answers from what is indexed so far.
    await Promise.race([this.refresh(), new Promise((resolve) => setTimeout(resolve, searchWaitsForScanMs))]);
    if (signal.aborted) return;
    const rows = this.db.prepare('SELECT * FROM media WHERE error IS NULL OR doc_id IS NOT NULL ORDER BY path').all() as Row[];
    const needle = normalise(q);
    let count = 0;
    for (const row of rows) {
      const title = path.basename(row.path);
      const at = normalise(title).indexOf(needle);
      if (at < 0) continue;
      yield {
        source: 'local',
        id: `local:${row.id}`,
        title,
        thumb: row.kind === 'video' ? `/api/media/${row.id}/thumb?t=${Math.round((row.duration ?? 0) * 0.1)}` : null,
        duration: row.duration,
        url: `/api/media/${row.id}`,
        ...(row.doc_id ? { subtitles: `/api/media/${row.id}/subtitles.vtt` } : {}),
        match: { start: at, end: at + q.length },
      };
      if (++count >= limit) return;
    }
    const byDoc = new Map(rows.filter((row) => row.doc_id).map((row) => [row.doc_id!, row]));
    if (byDoc.size === 0) return;
    for await (const hit of this.index.searchCues(q, [...byDoc.keys()], limit - count, signal)) {
      const row = byDoc.get(hit.docId);
      if (!row) continue;
      yield {
        source: 'local',
        id: `local:${row.id}:${hit.start.toFixed(3)}`,
        title: path.basename(row.path),
        thumb: row.kind === 'video' ? `/api/media/${row.id}/thumb?t=${Math.floor(hit.start)}` : null,
        duration: row.duration,
        url: `/api/media/${row.id}`,
        subtitles: `/api/media/${row.id}/subtitles.vtt`,
        cue: { start: hit.start, end: hit.end, text: hit.text },
        match: { start: hit.keyStart, end: hit.keyEnd },
      };
      if (++count >= limit) return;
    }
  }
}

function sidecarSignature(file: string): string | null {
  try {
    const sidecar = findSidecar(file, fs.readdirSync(path.dirname(file)));
    return sidecar ? `${path.basename(sidecar)}:${Math.floor(fs.statSync(sidecar).mtimeMs)}` : null;
  } catch {
    return null;
  }
}

function toItem(row: Row): MediaItem {
  return {
    id: row.id,
    path: row.path,
    title: path.basename(row.path),
    kind: row.kind,
    duration: row.duration,
    size: row.size,
    docId: row.doc_id,
    subtitles: row.subtitles,
    error: row.error,
  };
}

/** DATA_DIR/media at any depth, plus the finished uploads (DATA_DIR/uploads, top level; its dot-folders are unfinished). */
export function createMediaLibrary(dataDir: string, corpus: CorpusService, log: Logger): MediaLibrary {
  return new MediaLibrary(
    [
      { dir: path.join(dataDir, 'media'), recursive: true },
      { dir: path.join(dataDir, 'uploads'), recursive: false },
    ],
    path.join(dataDir, 'media-library.db'),
    corpusSubtitleIndex(corpus),
    log,
  );
}
