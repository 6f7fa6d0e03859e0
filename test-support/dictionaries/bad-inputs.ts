// Dictionaries an import must refuse, each with the failure code the server answers for it
// (`dict-bad-row` …) and the file and row its message must name.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { outputPath, writeZip, ZipFileWriter } from './zip-writer';

export interface BadInput {
  /** What is wrong, in words (the test's name). */
  what: string;
  path: string;
  code: string;
  /** The file inside the zip the message must name. */
  file?: string;
  /** For a bad row, its index in that file. */
  row?: number;
}

const index = (title: string, extra: Record<string, unknown> = {}) => ({ title, revision: '1', format: 3, ...extra });
const term = (glossary: unknown[], word = '毒') => [word, 'どく', '', '', 0, glossary, 1, ''];
const goodRows = [term(['poison']), term(['venom'], '毒物')];

/** 256 MB, the most one zip entry may inflate to. */
export const entryLimitBytes = 256 * 1024 * 1024;

/**
 * A zip whose `term_bank_1.json` inflates to `bytes` (257 MB unless given) from about a
 * thousandth of that: `[`, spaces, `]`, which is valid JSON, so only the cap on inflated bytes
 * refuses it. `lie` writes a central directory that declares 1 MB instead, as a hostile zip
 * would, so the cap must hold while inflating, not only on the declared size.
 */
export function buildZipBomb(path: string, { bytes = entryLimitBytes + 1024 * 1024, lie = false }: { bytes?: number; lie?: boolean } = {}): string {
  const writer = new ZipFileWriter(path);
  writer.add('index.json', index(lie ? 'Zip bomb (lying)' : 'Zip bomb'));
  // Each piece is deflated on its own and ends with a full flush (byte-aligned, no reference to
  // what came before), so the deflate stream is the same megabyte's piece repeated.
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  const spaces = bytes - 2;
  const whole = Math.floor(spaces / megabyte.length);
  const last = Buffer.concat([megabyte.subarray(0, spaces - whole * megabyte.length), Buffer.from(']')]);
  let crc = zlib.crc32('[');
  for (let index = 0; index < whole; index++) crc = zlib.crc32(megabyte, crc);
  crc = zlib.crc32(last, crc);
  const piece = zlib.deflateRawSync(megabyte, flush);
  writer.addDeflated(
    'term_bank_1.json',
    { size: bytes, crc },
    (function* () {
      yield zlib.deflateRawSync(Buffer.from('['), flush);
      for (let index = 0; index < whole; index++) yield piece;
      yield zlib.deflateRawSync(last);
    })(),
  );
  writer.close();
  if (lie) declareSize(path, 'term_bank_1.json', 1024 * 1024);
  return path;
}

/** Rewrites the uncompressed size the central directory declares for `name`. */
function declareSize(path: string, name: string, size: number) {
  const bytes = fs.readFileSync(path);
  for (let at = bytes.length - 22; at >= 0; at--) {
    if (bytes.readUInt32LE(at) !== 0x06054b50) continue;
    let entry = bytes.readUInt32LE(at + 16);
    for (let count = bytes.readUInt16LE(at + 10); count > 0; count--) {
      const nameLength = bytes.readUInt16LE(entry + 28);
      if (bytes.toString('utf8', entry + 46, entry + 46 + nameLength) === name) bytes.writeUInt32LE(size, entry + 24);
      entry += 46 + nameLength + bytes.readUInt16LE(entry + 30) + bytes.readUInt16LE(entry + 32);
    }
    break;
  }
  fs.writeFileSync(path, bytes);
}

/** Every bad input, small ones only; `withBombs` adds the two zip bombs (257 MB each once inflated, 260 KB on disk). */
export function buildBadInputs(dir: string, { withBombs = true }: { withBombs?: boolean } = {}): BadInput[] {
  const at = (name: string) => outputPath(dir, name);
  const hostile = (what: string, name: string, content: unknown): BadInput => ({
    what: `hostile structured content: ${what}`,
    path: writeZip(at(`hostile-${name}.zip`), { 'index.json': index(`Hostile ${name}`), 'term_bank_1.json': [...goodRows, term([{ type: 'structured-content', content }])] }),
    code: 'dict-bad-row',
    file: 'term_bank_1.json',
    row: 2,
  });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(at('not-a-zip.zip'), 'PK? no: this is a text file named .zip\n');
  const inputs: BadInput[] = [
    { what: 'not a zip', path: at('not-a-zip.zip'), code: 'dict-not-zip' },
    { what: 'no index.json', path: writeZip(at('no-index.zip'), { 'term_bank_1.json': goodRows }), code: 'dict-no-index' },
    {
      what: 'index.json inside a folder',
      path: writeZip(at('nested-index.zip'), { 'my-dictionary/index.json': index('Nested'), 'my-dictionary/term_bank_1.json': goodRows }),
      code: 'dict-index-nested',
      file: 'my-dictionary/index.json',
    },
    {
      what: 'bad JSON in term_bank_2.json',
      path: writeZip(at('bad-json.zip'), { 'index.json': index('Bad JSON'), 'term_bank_1.json': goodRows, 'term_bank_2.json': '[["毒", "どく", "", "", 0, ["poison"], 1, ""],\n ["薬", "くすり", "", "", 0, ["medicine"' }),
      code: 'dict-bad-json',
      file: 'term_bank_2.json',
    },
    {
      what: 'a row that does not match the schema (score is text, 7 columns)',
      path: writeZip(at('bad-row.zip'), { 'index.json': index('Bad row'), 'term_bank_1.json': goodRows, 'term_bank_2.json': [...goodRows, ['薬', 'くすり', '', '', 'high', ['medicine'], 1]] }),
      code: 'dict-bad-row',
      file: 'term_bank_2.json',
      row: 2,
    },
    { what: 'unknown format', path: writeZip(at('unknown-format.zip'), { 'index.json': index('Format 4', { format: 4 }), 'term_bank_1.json': goodRows }), code: 'dict-unknown-format' },
    {
      what: 'an image path with ..',
      path: writeZip(at('image-dotdot.zip'), { 'index.json': index('Image dotdot'), 'term_bank_1.json': [...goodRows, term([{ type: 'image', path: '../../../etc/passwd' }])] }),
      code: 'dict-bad-row',
      file: 'term_bank_1.json',
      row: 2,
    },
    {
      what: 'an absolute image path',
      path: writeZip(at('image-absolute.zip'), { 'index.json': index('Image absolute'), 'term_bank_1.json': [...goodRows, term([{ type: 'structured-content', content: { tag: 'img', path: '/etc/passwd' } }])] }),
      code: 'dict-bad-row',
      file: 'term_bank_1.json',
      row: 2,
    },
    {
      what: 'a zip entry whose name climbs out with ..',
      path: writeZip(at('entry-dotdot.zip'), { 'index.json': index('Entry dotdot'), 'term_bank_1.json': goodRows, '../outside.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }),
      code: 'dict-bad-path',
      file: '../outside.png',
    },
    hostile('a script element', 'script', { tag: 'script', content: 'alert(1)' }),
    hostile('an iframe', 'iframe', { tag: 'iframe', src: 'https://evil.example/' }),
    hostile('an onerror attribute on an image', 'onerror', { tag: 'img', path: 'x.png', onerror: 'alert(1)' }),
    hostile('a javascript: link', 'javascript-link', { tag: 'a', href: 'javascript:alert(1)', content: 'click' }),
    hostile('position: fixed', 'position-fixed', { tag: 'div', style: { position: 'fixed', top: 0, left: 0, width: '100vw', height: '100vh' }, content: 'covering the page' }),
  ];
  if (withBombs) {
    inputs.push(
      { what: 'a zip bomb (an entry inflating beyond 256 MB)', path: buildZipBomb(at('zip-bomb.zip')), code: 'dict-zip-too-large', file: 'term_bank_1.json' },
      { what: 'a zip bomb that declares 1 MB', path: buildZipBomb(at('zip-bomb-lying.zip'), { lie: true }), code: 'dict-zip-too-large', file: 'term_bank_1.json' },
    );
  }
  return inputs;
}
