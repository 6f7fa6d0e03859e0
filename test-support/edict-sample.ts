// Test support: a small EDICT file in both encodings, for importer, route and browser tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Lines in the formats of Debian's edict (one spelling per line) and EDICT2 (several, EntL). */
export const sampleEdictLines = [
  '　？？？ /EDICT, EDICT_SUB(P), EDICT2 Japanese-English Electronic Dictionary Files/Copyright Electronic Dictionary Research & Development Group - 2021/Created: 2021-02-03/',
  '食べる [たべる] /(v1,vt) (1) to eat/(v1,vt) (2) to live on (e.g. a salary)/to live off/(P)/',
  '喰べる [たべる] /(v1,vt) to eat/',
  '書く [かく] /(v5k,vt) (1) to write/to compose/(v5k,vt) (2) to draw/to paint/(P)/',
  '核 [かく] /(n) (1) nucleus/kernel/(n) (2) (abbr) nuclear weapons/(P)/',
  '高い [たかい] /(adj-i) (1) high/tall/(adj-i) (2) expensive/(P)/',
  '為る [する] /(oK) (vs-i) (1) (uk) to do/to carry out/(P)/',
  '来る [くる] /(vk,vi) (1) to come/to arrive/(P)/',
  '勉強 [べんきょう] /(n,vs) (1) study/(n,vs) (2) diligence/(P)/',
  'テスト /(n,vs) (1) test/examination/(P)/',
  'テストケース /(n) (comp) test case/',
  '行く [いく] /(v5k-s,vi) (1) to go/to move/(P)/',
  '読む [よむ] /(v5m,vt) (1) to read/(P)/',
  '見る [みる] /(v1,vt) (1) to see/to look/(P)/',
  '下 [した] /(n) below/down/(P)/',
  '舌 [した] /(n) tongue/(P)/',
  '簧 [した] /(n) reed (of a musical instrument)/',
  '亜;阿 [あ(亜);あい(P)] /(pref) (1) sub-/(2) Asia/(P)/EntL1000010X/',
  'this line is not EDICT',
  '',
];

export const sampleEdict = sampleEdictLines.join('\n');
/** Entries in the sample (the header, the stray line and the blank one are not). */
export const sampleEntryCount = sampleEdictLines.length - 3;

let eucTable: Map<string, number[]> | null = null;

/** EUC-JP encoding of JIS X 0208 text (Node can decode EUC-JP but not encode it). */
export function encodeEucJp(text: string): Uint8Array {
  if (!eucTable) {
    eucTable = new Map();
    const decoder = new TextDecoder('euc-jp', { fatal: true });
    for (let lead = 0xa1; lead <= 0xfe; lead++) {
      for (let trail = 0xa1; trail <= 0xfe; trail++) {
        try {
          const char = decoder.decode(new Uint8Array([lead, trail]));
          if (char.length === 1 && !eucTable.has(char)) eucTable.set(char, [lead, trail]);
        } catch {
          // Unassigned code point.
        }
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const pair = eucTable.get(char);
      if (!pair) throw new Error(`not encodable in EUC-JP: ${char}`);
      bytes.push(...pair);
    }
  }
  return Uint8Array.from(bytes);
}

/** Writes the sample to a temp file and returns its path. */
export function writeSampleEdict(encoding: 'euc-jp' | 'utf-8', dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-edict-'))): string {
  const file = path.join(dir, `edict-${encoding}`);
  fs.writeFileSync(file, encoding === 'euc-jp' ? encodeEucJp(sampleEdict) : sampleEdict);
  return file;
}
