import fs from 'node:fs';
import zlib from 'node:zlib';
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
 * against the limits), and an entry is inflated by zlib with its output capped at what it
 * declared, so an entry that lies about its size is stopped there, not after.
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
    const position = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const compressed = Buffer.allocUnsafe(entry.compressedSize);
    let got = 0;
    while (got < entry.compressedSize) {
      const read = fs.readSync(this.fd, compressed, got, Math.min(chunkBytes * 16, entry.compressedSize - got), position + got);
      if (read <= 0) throw notZip(`${entry.name} is cut short`);
      got += read;
    }
    // Never more than the entry declared, nor than the limits allow: zlib stops there.
    const allowed = Math.min(entry.size, this.limits.entryBytes, this.limits.totalBytes - this.inflated);
    let data: Buffer;
    if (entry.method === 0) {
      data = compressed;
    } else if (entry.method === 8) {
      try {
        data = zlib.inflateRawSync(compressed, { maxOutputLength: Math.max(1, allowed + 1), chunkSize: 1024 * 1024 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw bomb(entry.name, this.limits);
        throw notZip(`${entry.name} does not inflate (${(error as Error).message})`);
      }
    } else {
      throw new DictionaryImportError('dict-zip-method', { file: entry.name, method: entry.method }, `${entry.name}: compression method ${entry.method} is not supported (only stored and deflate).`);
    }
    if (data.length > allowed) throw bomb(entry.name, this.limits);
    if (data.length !== entry.size) throw notZip(`${entry.name} inflates to ${data.length} bytes, not the ${entry.size} its zip declares`);
    this.inflated += data.length;
    return data;
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
