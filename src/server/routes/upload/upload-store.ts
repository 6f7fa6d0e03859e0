import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, Upload } from '@tus/utils';
import type { Logger } from '../../log';
import { nameWithSuffix, sanitizeFileName } from './file-names';

/** A tus error: what the tus server turns into a status and a body. */
export interface TusError {
  status_code: number;
  body: string;
}

export const diskFullError = (offset: number): TusError => ({
  status_code: 507,
  body: `The server's disk is full. ${offset} bytes of this upload are stored; free some space on the server and resume.`,
});

export const isDiskFull = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOSPC' || (error as NodeJS.ErrnoException | null)?.code === 'EDQUOT';

export interface UploadStoreOptions {
  /** DATA_DIR/uploads: finished files. */
  directory: string;
  expiryMs: number;
  log: Logger;
  /** Tests replace it to simulate a full disk. */
  openWriteStream?: (filePath: string, offset: number) => NodeJS.WritableStream;
}

/**
 * The tus file store, with unfinished uploads in `<uploads>/.partial` (invisible in the file list,
 * since listed names never start with a dot) and finished ones hard-linked into `<uploads>`.
 */
export class UploadStore extends FileStore {
  readonly uploadsDir: string;
  readonly partialDir: string;
  private readonly log: Logger;
  private readonly openWriteStream: (filePath: string, offset: number) => NodeJS.WritableStream;
  /** Uploads finished since start: tus asks for them again right after the finish hook. */
  private readonly finished = new Map<string, { name: string; size: number; at: number }>();
  private readonly finishing = new Map<string, Promise<string>>();

  constructor({ directory, expiryMs, log, openWriteStream }: UploadStoreOptions) {
    super({ directory: path.join(directory, '.partial'), expirationPeriodInMilliseconds: expiryMs });
    this.uploadsDir = directory;
    this.partialDir = path.join(directory, '.partial');
    this.log = log;
    this.openWriteStream = openWriteStream ?? ((filePath, offset) => fs.createWriteStream(filePath, { flags: 'r+', start: offset }));
  }

  /** Upload ids are the server's own random hex; anything else is not an upload here. */
  private partialPath(id: string): string {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return path.join(this.partialDir, id);
  }

  override async create(file: Upload): Promise<Upload> {
    try {
      return await super.create(file);
    } catch (error) {
      if (isDiskFull(error)) throw diskFullError(0);
      throw error;
    }
  }

  override async write(readable: NodeJS.ReadableStream, id: string, offset: number): Promise<number> {
    const filePath = this.partialPath(id);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, this.openWriteStream(filePath, offset));
    } catch (error) {
      if (isDiskFull(error)) {
        const stored = await fsp.stat(filePath).then((stats) => stats.size, () => offset);
        this.log.warn('upload stopped: disk full', { id, stored });
        throw diskFullError(stored);
      }
      // What reached the disk stays: the next HEAD reports it and the client resumes from there.
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + received;
  }

  override async getUpload(id: string): Promise<Upload> {
    const done = this.finished.get(id);
    if (done) return new Upload({ id, size: done.size, offset: done.size, metadata: {} });
    return super.getUpload(id);
  }

  /** The name a finished upload got, for the response header. */
  finishedName(id: string): string | undefined {
    return this.finished.get(id)?.name;
  }

  /**
   * Moves a complete upload into the uploads folder under its sanitised name, or with a ` (n)`
   * suffix when that name is taken: `link` never replaces an existing file, so two uploads of the
   * same name that finish together both keep their bytes. Idempotent per upload id.
   */
  finish(upload: Upload): Promise<string> {
    const known = this.finished.get(upload.id)?.name;
    if (known) return Promise.resolve(known);
    let running = this.finishing.get(upload.id);
    if (!running) {
      running = this.moveIntoPlace(upload).finally(() => this.finishing.delete(upload.id));
      this.finishing.set(upload.id, running);
    }
    return running;
  }

  private async moveIntoPlace(upload: Upload): Promise<string> {
    const base = sanitizeFileName(upload.metadata?.filename ?? '') ?? 'upload';
    const source = this.partialPath(upload.id);
    let name = base;
    for (let n = 2; ; n += 1) {
      try {
        await fsp.link(source, path.join(this.uploadsDir, name));
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EEXIST') {
          if (isDiskFull(error)) throw diskFullError(upload.size ?? 0);
          throw error;
        }
        if (n > 9999) throw new Error('no free name for the upload');
        name = nameWithSuffix(base, n);
      }
    }
    this.finished.set(upload.id, { name, size: upload.size ?? 0, at: Date.now() });
    // The info file goes first: a data file without one is an orphan the sweep removes.
    await this.configstore.delete(upload.id).catch(() => {});
    await fsp.unlink(source).catch(() => {});
    this.log.info('upload finished', { id: upload.id, size: upload.size });
    return name;
  }

  /**
   * Start-up and hourly upkeep: finishes uploads whose bytes all arrived but whose process died
   * before moving them, removes unfinished ones older than the expiry, and data files without an
   * info file.
   */
  async sweep(now = Date.now()): Promise<{ expired: number; recovered: number; orphans: number }> {
    const result = { expired: 0, recovered: 0, orphans: 0 };
    let entries: string[];
    try {
      entries = await fsp.readdir(this.partialDir);
    } catch {
      return result;
    }
    for (const [id, done] of this.finished) if (now - done.at > 3_600_000) this.finished.delete(id);
    const infos = new Set(entries.filter((entry) => entry.endsWith('.json')).map((entry) => entry.slice(0, -'.json'.length)));
    for (const id of infos) {
      if (this.finishing.has(id)) continue;
      let upload: Upload;
      try {
        upload = await super.getUpload(id);
      } catch {
        await fsp.rm(path.join(this.partialDir, `${id}.json`), { force: true });
        result.orphans += 1;
        continue;
      }
      const created = upload.creation_date ? Date.parse(upload.creation_date) : now;
      if (upload.size !== undefined && upload.offset === upload.size) {
        await this.finish(upload);
        result.recovered += 1;
      } else if (now - created > this.getExpiration()) {
        await this.remove(id).catch(() => {});
        result.expired += 1;
      }
    }
    for (const entry of entries) {
      if (entry.endsWith('.json') || infos.has(entry)) continue;
      const stats = await fsp.stat(path.join(this.partialDir, entry)).catch(() => null);
      // A data file is written just before its info file; give a creation in progress a minute.
      if (stats?.isFile() && now - stats.mtimeMs > 60_000) {
        await fsp.rm(path.join(this.partialDir, entry), { force: true });
        result.orphans += 1;
      }
    }
    if (result.expired || result.recovered || result.orphans) this.log.info('upload sweep', result);
    return result;
  }
}

// The base class creates its folder from its constructor and throws from an fs callback when it
// cannot (a read-only DATA_DIR would stop the whole process); `create` makes the folder when an
// upload needs it instead. The method is private in the typings, hence the prototype.
Object.defineProperty(UploadStore.prototype, 'checkOrCreateDirectory', { value: () => {} });
