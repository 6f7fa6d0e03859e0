import fs from 'node:fs';
import { Inflate } from 'fflate';
import { DictionaryImportError } from '../import-errors';

/** One file of a zip, from its central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** The size the zip declares once inflated. */
  size: number;
  localOffset: number;
}

export interface ZipLimits {
  /** Most bytes one entry may inflate to. */
  entryBytes: number;
  /** Most bytes all entries together may inflate to. */
  totalBytes: number;
}

export const defaultZipLimits: ZipLimits = { entryBytes: 256 * 1024 * 1024, totalBytes: 2 * 1024 * 1024 * 1024 };

const eocdSignature = 0x06054b50;
const zip64LocatorSignature = 0x07064b50;
const zip64EocdSignature = 0x06064b50;
const centralSignature = 0x02014b50;
const localSignature = 0x04034b50;
const chunkBytes = 1024 * 1024;

/**
 * Reads a zip from its file by its central directory, one entry at a time: the list of files is
 * known before anything is inflated (index.json first, wherever it sits; declared sizes checked
 * against the limits), and an entry's bytes are inflated in 1 MB steps and counted as they come,
 * so an entry that lies about its size is stopped at the limit, not after.
 */
export class ZipReader {
  readonly entries: ZipEntry[];
  readonly bytes: number;
  private inflated = 0;

  private constructor(
    private readonly fd: number,
    entries: ZipEntry[],
    bytes: number,
    private readonly limits: ZipLimits,
  ) {
    this.entries = entries;
    this.bytes = bytes;
  }

  static open(path: string, limits: ZipLimits = defaultZipLimits): ZipReader {
    const fd = fs.openSync(path, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const entries = readCentralDirectory(fd, size);
      let declared = 0;
      for (const entry of entries) {
        declared += entry.size;
        if (entry.size > limits.entryBytes) throw bomb(entry.name, limits);
      }
      if (declared > limits.totalBytes) throw bomb('', limits);
      return new ZipReader(fd, entries, size, limits);
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
  }

  find(name: string): ZipEntry | undefined {
    return this.entries.find((entry) => entry.name === name);
  }

  /** The entry's inflated bytes. */
  read(entry: ZipEntry): Buffer {
    const header = Buffer.alloc(30);
    fs.readSync(this.fd, header, 0, 30, entry.localOffset);
    if (header.readUInt32LE(0) !== localSignature) throw notZip(`${entry.name}: no local header`);
    let position = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const end = position + entry.compressedSize;
    const parts: Uint8Array[] = [];
    let length = 0;
    const take = (data: Uint8Array) => {
      length += data.length;
      this.inflated += data.length;
      if (length > this.limits.entryBytes || length > entry.size || this.inflated > this.limits.totalBytes) {
        throw bomb(entry.name, this.limits);
      }
      parts.push(data);
    };
    let inflate: Inflate | null = null;
    if (entry.method === 8) {
      inflate = new Inflate();
      inflate.ondata = (data) => take(data);
    } else if (entry.method !== 0) {
      throw new DictionaryImportError('dict-zip-method', { file: entry.name, method: entry.method }, `${entry.name}: compression method ${entry.method} is not supported (only stored and deflate).`);
    }
    const buffer = Buffer.allocUnsafe(Math.min(chunkBytes, Math.max(1, entry.compressedSize)));
    while (position < end) {
      const want = Math.min(buffer.length, end - position);
      const got = fs.readSync(this.fd, buffer, 0, want, position);
      if (got <= 0) throw notZip(`${entry.name} is cut short`);
      position += got;
      // The inflater keeps references to what it is given: each chunk is its own copy.
      const chunk = new Uint8Array(buffer.subarray(0, got));
      try {
        if (inflate) inflate.push(chunk, position >= end);
        else take(chunk);
      } catch (error) {
        if (error instanceof DictionaryImportError) throw error;
        throw notZip(`${entry.name} does not inflate (${(error as Error).message})`);
      }
    }
    if (inflate && entry.compressedSize === 0) inflate.push(new Uint8Array(0), true);
    if (length !== entry.size) throw notZip(`${entry.name} inflates to ${length} bytes, not the ${entry.size} its zip declares`);
    return Buffer.concat(parts, length);
  }

  close() {
    fs.closeSync(this.fd);
  }
}

function bomb(file: string, limits: ZipLimits): DictionaryImportError {
  return new DictionaryImportError(
    'dict-zip-too-large',
    { file, entryMax: limits.entryBytes, totalMax: limits.totalBytes },
    `${file ? `${file} is` : 'The zip is'} too large once inflated (at most ${limits.entryBytes / 2 ** 20} MB per file and ${limits.totalBytes / 2 ** 30} GB in all).`,
  );
}

function notZip(detail: string): DictionaryImportError {
  return new DictionaryImportError('dict-not-zip', { issue: detail }, `Not a readable zip file: ${detail}.`);
}

function readCentralDirectory(fd: number, size: number): ZipEntry[] {
  // The end record is 22 bytes plus a comment of up to 65,535.
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = Buffer.alloc(tailLength);
  fs.readSync(fd, tail, 0, tailLength, size - tailLength);
  let at = -1;
  for (let index = tailLength - 22; index >= 0; index--) {
    if (tail.readUInt32LE(index) === eocdSignature) {
      at = index;
      break;
    }
  }
  if (at < 0) throw notZip('no end of central directory');
  let count = tail.readUInt16LE(at + 10);
  let cdSize = tail.readUInt32LE(at + 12);
  let cdOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locatorAt = at - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== zip64LocatorSignature) throw notZip('a zip64 end record is missing');
    const recordOffset = Number(tail.readBigUInt64LE(locatorAt + 8));
    const record = Buffer.alloc(56);
    fs.readSync(fd, record, 0, 56, recordOffset);
    if (record.readUInt32LE(0) !== zip64EocdSignature) throw notZip('a zip64 end record is damaged');
    count = Number(record.readBigUInt64LE(32));
    cdSize = Number(record.readBigUInt64LE(40));
    cdOffset = Number(record.readBigUInt64LE(48));
  }
  if (cdOffset + cdSize > size) throw notZip('the central directory lies outside the file');
  const directory = Buffer.alloc(cdSize);
  fs.readSync(fd, directory, 0, cdSize, cdOffset);
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== centralSignature) throw notZip('the central directory is damaged');
    const method = directory.readUInt16LE(offset + 10);
    let compressedSize = directory.readUInt32LE(offset + 20);
    let entrySize = directory.readUInt32LE(offset + 24);
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    let localOffset = directory.readUInt32LE(offset + 42);
    const name = directory.toString('utf8', offset + 46, offset + 46 + nameLength);
    // Zip64: the sizes and offset that overflowed 32 bits follow in extra field 0x0001, in this order.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = directory.readUInt16LE(extra);
      const length = directory.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        if (entrySize === 0xffffffff) {
          entrySize = Number(directory.readBigUInt64LE(field));
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(directory.readBigUInt64LE(field));
          field += 8;
        }
        if (localOffset === 0xffffffff) localOffset = Number(directory.readBigUInt64LE(field));
      }
      extra += 4 + length;
    }
    offset = extraEnd + commentLength;
    if (name.endsWith('/')) continue;
    entries.push({ name, method, compressedSize, size: entrySize, localOffset });
  }
  return entries;
}
