import fs from 'node:fs';
import nodePath from 'node:path';
import zlib from 'node:zlib';
import { strToU8, Zip, ZipPassThrough, type ZipInputFile } from 'fflate';

/** Rows per bank file, as Yomitan's own exports and Jitendex split them. */
export const bankRows = 10_000;

export interface ZipWriterOptions {
  /** Deflate level (fflate's 0–9); 6 unless given. */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

/**
 * Lays out a zip entry by entry, handing each finished piece to `sink`: a bank is serialised,
 * deflated and passed on before the next is made, so a dictionary of hundreds of megabytes of
 * JSON never sits in memory whole.
 */
export class ZipWriter {
  private readonly zip: Zip;
  private failure: Error | null = null;
  private ended = false;
  readonly names: string[] = [];

  constructor(
    sink: (chunk: Uint8Array) => void,
    private readonly options: ZipWriterOptions = {},
  ) {
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else sink(chunk);
    });
  }

  /** Adds a file: a string or bytes as they are, anything else as JSON. `stored` skips deflate. */
  add(name: string, value: unknown, { stored = false }: { stored?: boolean } = {}): this {
    const bytes = value instanceof Uint8Array ? value : strToU8(typeof value === 'string' ? value : JSON.stringify(value));
    if (stored) {
      const entry = new ZipPassThrough(name);
      this.zip.add(entry);
      entry.push(bytes, true);
    } else {
      // Node's zlib deflates several times faster than fflate's JavaScript: what makes the big
      // dictionaries' build take seconds, not minutes. fflate still lays out the zip.
      const entry: ZipInputFile = { filename: name, size: bytes.length, crc: zlib.crc32(bytes), compression: 8 };
      this.zip.add(entry);
      entry.ondata!(null, zlib.deflateRawSync(bytes, { level: this.options.level ?? 6 }), true);
    }
    this.names.push(name);
    this.check();
    return this;
  }

  /**
   * Adds a file already deflated in pieces (raw deflate, concatenated in order) whose inflated
   * `size` and `crc` the caller gives: how a zip bomb of hundreds of megabytes is written from
   * one compressed piece repeated, without deflating (or holding) what it inflates to.
   */
  addDeflated(name: string, { size, crc }: { size: number; crc: number }, pieces: Iterable<Uint8Array<ArrayBuffer>>): this {
    const entry: ZipInputFile = { filename: name, size, crc, compression: 8 };
    this.zip.add(entry);
    for (const piece of pieces) entry.ondata!(null, piece, false);
    entry.ondata!(null, new Uint8Array(0), true);
    this.names.push(name);
    this.check();
    return this;
  }

  /**
   * Writes rows as `<prefix>_1.json`, `<prefix>_2.json` … of `bankRows` rows each; answers the
   * number of rows written.
   */
  addBanks(prefix: string, rows: Iterable<unknown>, perBank = bankRows): number {
    let bank: unknown[] = [];
    let number = 0;
    let count = 0;
    for (const row of rows) {
      bank.push(row);
      count++;
      if (bank.length === perBank) {
        this.add(`${prefix}_${++number}.json`, bank);
        bank = [];
      }
    }
    if (bank.length > 0) this.add(`${prefix}_${++number}.json`, bank);
    return count;
  }

  /** Finishes the zip: its central directory goes to the sink. */
  end(): void {
    if (!this.ended) {
      this.ended = true;
      this.zip.end();
      this.check();
    }
  }

  protected check() {
    if (this.failure) throw this.failure;
  }
}

/** A zip written straight to `zipPath` as it is laid out. */
export class ZipFileWriter extends ZipWriter {
  private readonly fd: number;
  private closed = false;

  constructor(
    readonly zipPath: string,
    options: ZipWriterOptions = {},
  ) {
    fs.mkdirSync(nodePath.dirname(zipPath), { recursive: true });
    const fd = fs.openSync(zipPath, 'w');
    super((chunk) => fs.writeSync(fd, chunk), options);
    this.fd = fd;
  }

  /** Finishes the zip; answers its path. */
  close(): string {
    if (!this.closed) {
      this.closed = true;
      try {
        this.end();
      } finally {
        fs.closeSync(this.fd);
      }
    }
    return this.zipPath;
  }
}

/** A zip of `files` (JSON values serialised, strings and bytes kept) written to `zipPath`. */
export function writeZip(zipPath: string, files: Record<string, unknown>): string {
  const writer = new ZipFileWriter(zipPath);
  for (const [name, value] of Object.entries(files)) writer.add(name, value);
  return writer.close();
}

/** The same zip as `writeZip`'s, in memory: what a route test uploads. */
export function zipBytes(files: Record<string, unknown>): Uint8Array {
  const chunks: Uint8Array[] = [];
  const writer = new ZipWriter((chunk) => chunks.push(chunk));
  for (const [name, value] of Object.entries(files)) writer.add(name, value);
  writer.end();
  return new Uint8Array(Buffer.concat(chunks));
}

/** Where a builder writes: `dir/name`, the directory made if needed. */
export function outputPath(dir: string, name: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return nodePath.join(dir, name);
}
