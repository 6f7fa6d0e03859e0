import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Morpheme } from './lemma';

/**
 * kuromoji's Viterbi search over its IPADIC dictionary, rewritten over typed arrays: the same
 * lattice, built in the same order, with the same tie-breaking, so the same morphemes (the test
 * compares every token with kuromoji's own) about five times as fast, in a third of the memory
 * (~90 MB instead of ~300 MB per thread). kuromoji's tokenizer re-encodes the rest of the
 * sentence to UTF-8 at every position and makes an object per lattice node and token; its loader
 * keeps a 74 MB JavaScript map and every file's bytes twice. Here the files are read straight
 * into the arrays the search walks. Offsets are the text's own (kuromoji's word_position slips by
 * one after a clause whose last token is longer than a character).
 */

interface CharacterClass {
  class_id: number;
  class_name: string;
  is_always_invoke: number;
  is_grouping: number;
}

/** kuromoji's unknown-word dictionary (its own class, for the character definitions' format). */
interface UnknownDictionary {
  dictionary: { buffer: Uint8Array };
  target_map: Record<string, number[]>;
  getFeatures(id: number): string | null;
  lookup(ch: string): CharacterClass;
  loadUnknownDictionaries(unk: Uint8Array, unkPos: Uint8Array, unkMap: Uint8Array, catMap: Uint8Array, compatCatMap: Uint32Array, invokeDef: Uint8Array): void;
}

const require = createRequire(import.meta.url);

function dictionaryFile(dir: string, name: string): Uint8Array {
  const bytes = zlib.gunzipSync(fs.readFileSync(path.join(dir, `${name}.dat.gz`)));
  // Typed-array views need aligned, unshared memory.
  return bytes.byteOffset % 8 === 0 && bytes.byteLength === bytes.buffer.byteLength ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
}

/** `bytes` in shared memory (one copy for every thread it is posted to). */
function inShared(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

/**
 * The IPADIC dictionary as kuromoji ships it, read straight into the arrays the analyser uses;
 * with `shared`, into shared memory, file by file (so loading never holds two copies of it all).
 */
export function loadDictionary(dir: string, { shared = false }: { shared?: boolean } = {}): Dictionary {
  const keep = (bytes: Uint8Array) => (shared ? inShared(bytes) : bytes);
  const base = new Int32Array(keep(dictionaryFile(dir, 'base')).buffer);
  const check = new Int32Array(keep(dictionaryFile(dir, 'check')).buffer);
  const costs = new Int16Array(keep(dictionaryFile(dir, 'cc')).buffer);
  // tid_map: a count, then per trie id its token ids (kuromoji reads on into the zero padding).
  const map = dictionaryFile(dir, 'tid_map');
  const mapView = new DataView(map.buffer, map.byteOffset, map.byteLength);
  let maxKey = 0;
  let count = 0;
  for (let at = 4; at + 8 <= map.length; ) {
    const key = mapView.getInt32(at, true);
    const size = mapView.getInt32(at + 4, true);
    at += 8 + size * 4;
    if (size > 0) maxKey = Math.max(maxKey, key);
    count += size;
  }
  const mapStart = new Int32Array(shared ? new SharedArrayBuffer((maxKey + 2) * 4) : new ArrayBuffer((maxKey + 2) * 4));
  const mapIds = new Int32Array(shared ? new SharedArrayBuffer(count * 4) : new ArrayBuffer(count * 4));
  const sizes = new Int32Array(maxKey + 2);
  for (let at = 4; at + 8 <= map.length; ) {
    const key = mapView.getInt32(at, true);
    const size = mapView.getInt32(at + 4, true);
    if (size > 0) sizes[key] += size;
    at += 8 + size * 4;
  }
  for (let key = 0; key <= maxKey; key++) mapStart[key + 1] = mapStart[key] + sizes[key];
  const fill = mapStart.slice(0, maxKey + 1);
  for (let at = 4; at + 8 <= map.length; ) {
    const key = mapView.getInt32(at, true);
    const size = mapView.getInt32(at + 4, true);
    for (let i = 0; i < size; i++) mapIds[fill[key]++] = mapView.getInt32(at + 8 + i * 4, true);
    at += 8 + size * 4;
  }
  let tokenBytes = 0;
  for (let i = 0; i < mapIds.length; i++) tokenBytes = Math.max(tokenBytes, mapIds[i] + 10);
  // Copies trimmed to what the dictionary uses: the files carry megabytes of zero padding.
  const tokens = keep(dictionaryFile(dir, 'tid').slice(0, tokenBytes));
  const tokenView = new DataView(tokens.buffer);
  let featureBytes = 0;
  for (let id = 0; id + 10 <= tokenBytes; id += 10) featureBytes = Math.max(featureBytes, tokenView.getInt32(id + 6, true));
  const allFeatures = dictionaryFile(dir, 'tid_pos');
  while (featureBytes < allFeatures.length && allFeatures[featureBytes] !== 0) featureBytes++;
  const features = keep(allFeatures.slice(0, featureBytes + 1));

  // Unknown words by character class: the class of every UTF-16 unit, and each class's entries.
  const UnknownDictionaryClass = require('kuromoji/src/dict/UnknownDictionary.js') as new () => UnknownDictionary;
  const unknown = new UnknownDictionaryClass();
  unknown.loadUnknownDictionaries(
    dictionaryFile(dir, 'unk'),
    dictionaryFile(dir, 'unk_pos'),
    dictionaryFile(dir, 'unk_map'),
    dictionaryFile(dir, 'unk_char'),
    new Uint32Array(dictionaryFile(dir, 'unk_compat').buffer),
    dictionaryFile(dir, 'unk_invoke'),
  );
  const unknownTokens = new DataView(unknown.dictionary.buffer.buffer, unknown.dictionary.buffer.byteOffset, unknown.dictionary.buffer.byteLength);
  const classIds = new Uint8Array(shared ? new SharedArrayBuffer(65_536) : new ArrayBuffer(65_536));
  const classes: UnknownClass[] = [];
  const addClass = (found: CharacterClass) => {
    classes[found.class_id] ??= {
      name: found.class_name,
      invoke: found.is_always_invoke,
      grouping: found.is_grouping,
      entries: (unknown.target_map[found.class_id] ?? []).map((id) => ({
        left: unknownTokens.getInt16(id, true),
        right: unknownTokens.getInt16(id + 2, true),
        cost: unknownTokens.getInt16(id + 4, true),
        features: unknown.getFeatures(id)?.split(',') ?? [],
      })),
    };
    return found.class_id;
  };
  for (let code = 0; code < 65_536; code++) classIds[code] = addClass(unknown.lookup(String.fromCharCode(code)));
  // A surrogate pair is never in the character definitions: kuromoji gives it the DEFAULT class.
  const pairClass = addClass(unknown.lookup('\u{20BB7}'));
  return { base, check, costs, mapStart, mapIds, tokens, features, classIds, classes, pairClass };
}

interface UnknownClass {
  name: string;
  invoke: number;
  grouping: number;
  entries: Array<{ left: number; right: number; cost: number; features: string[] }>;
}

export interface Dictionary {
  base: Int32Array;
  check: Int32Array;
  /** Connection costs: two dimensions, then the matrix. */
  costs: Int16Array;
  mapStart: Int32Array;
  mapIds: Int32Array;
  /** Per token id (a byte offset): left id, right id, cost (16 bits each), offset of its features (32). */
  tokens: Uint8Array;
  features: Uint8Array;
  classIds: Uint8Array;
  classes: UnknownClass[];
  pairClass: number;
}

const KNOWN = 0;
const UNKNOWN = 1;
const BOS = 2;
const EOS = 3;

/** A growable set of lattice nodes, struct of arrays; reused from clause to clause. */
class Lattice {
  size = 0;
  start = new Int32Array(256);
  length = new Int32Array(256);
  left = new Int32Array(256);
  right = new Int32Array(256);
  cost = new Int32Array(256);
  kind = new Uint8Array(256);
  id = new Int32Array(256);
  best = new Float64Array(256);
  prev = new Int32Array(256);
  next = new Int32Array(256);
  endFirst = new Int32Array(64);
  endLast = new Int32Array(64);
  eos = 1;

  /** For a clause of `positions` code points (a grouped unknown word may reach twice as far). */
  reset(positions: number) {
    this.size = 0;
    const ends = positions * 2 + 4;
    if (this.endFirst.length < ends) {
      this.endFirst = new Int32Array(ends);
      this.endLast = new Int32Array(ends);
    }
    this.endFirst.fill(-1, 0, ends);
    this.endLast.fill(-1, 0, ends);
    this.eos = 1;
  }

  add(start: number, length: number, left: number, right: number, cost: number, kind: number, id: number): void {
    if (this.size === this.start.length) this.grow();
    const n = this.size++;
    this.start[n] = start;
    this.length[n] = length;
    this.left[n] = left;
    this.right[n] = right;
    this.cost[n] = cost;
    this.kind[n] = kind;
    this.id[n] = id;
    this.best[n] = Number.MAX_VALUE;
    this.prev[n] = -1;
    this.next[n] = -1;
    const end = start + length - 1;
    if (end > this.eos) this.eos = end;
    if (this.endFirst[end] < 0) this.endFirst[end] = n;
    else this.next[this.endLast[end]] = n;
    this.endLast[end] = n;
  }

  private grow() {
    const size = this.start.length * 2;
    const grow32 = (array: Int32Array) => {
      const bigger = new Int32Array(size);
      bigger.set(array);
      return bigger;
    };
    this.start = grow32(this.start);
    this.length = grow32(this.length);
    this.left = grow32(this.left);
    this.right = grow32(this.right);
    this.cost = grow32(this.cost);
    this.id = grow32(this.id);
    this.prev = grow32(this.prev);
    this.next = grow32(this.next);
    const kind = new Uint8Array(size);
    kind.set(this.kind);
    this.kind = kind;
    const best = new Float64Array(size);
    best.set(this.best);
    this.best = best;
  }
}

/** Where a normalised sentence's clauses are: kuromoji analyses each, up to and including 、 or 。, on its own. */
export function clauseSpans(normalized: string): Array<[start: number, end: number]> {
  const spans: Array<[number, number]> = [];
  for (let start = 0; start < normalized.length; ) {
    let end = start;
    while (end < normalized.length && normalized[end] !== '、' && normalized[end] !== '。') end++;
    end = Math.min(end + 1, normalized.length);
    spans.push([start, end]);
    start = end;
  }
  return spans;
}

export interface FastAnalyzer {
  analyze(normalized: string): Morpheme[];
}

/** The analyser over a loaded dictionary. */
export function fastAnalyzer(dictionary: Dictionary): FastAnalyzer {
  const { base, check, costs, mapStart, mapIds, features, classIds, classes, pairClass } = dictionary;
  const backward = costs[1];
  const tokens = new DataView(dictionary.tokens.buffer, dictionary.tokens.byteOffset, dictionary.tokens.byteLength);
  const decoder = new TextDecoder();
  const knownFeatures = new Map<number, string[]>();
  const featuresOf = (id: number): string[] => {
    let found = knownFeatures.get(id);
    if (!found) {
      const at = tokens.getInt32(id + 6, true);
      let end = at;
      while (features[end] !== 0) end++;
      found = decoder.decode(features.subarray(at, end)).split(',');
      knownFeatures.set(id, found);
    }
    return found;
  };
  const classOf = (char: string) => classes[char.length > 1 ? pairClass : classIds[char.charCodeAt(0)]];

  const lattice = new Lattice();
  let bytes = new Uint8Array(1024);
  let byteAt = new Int32Array(256);
  const encoder = new TextEncoder();

  /** One clause, as kuromoji's tokenizeForSentence; `offset` is the clause's place in the sentence. */
  function analyzeClause(clause: string, offset: number, out: Morpheme[]) {
    // Positions are code points, as in kuromoji; `unitAt` maps them back to UTF-16 offsets.
    const chars = Array.from(clause);
    const n = chars.length;
    if (bytes.length < clause.length * 3 + 4) bytes = new Uint8Array(clause.length * 3 + 4);
    if (byteAt.length < n + 1) byteAt = new Int32Array(n * 2 + 1);
    const unitAt = new Int32Array(n + 1);
    for (let p = 0, unit = 0, byte = 0; p <= n; p++) {
      unitAt[p] = unit;
      byteAt[p] = byte;
      if (p < n) {
        unit += chars[p].length;
        const code = chars[p].codePointAt(0)!;
        byte += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      }
    }
    const byteLength = encoder.encodeInto(clause, bytes).written;
    lattice.reset(n);
    // BOS: ends at position 0, costs nothing.
    lattice.add(0, 1, 0, 0, 0, BOS, -1);
    lattice.best[0] = 0;
    const surfaces: string[] = [];
    const unknownFeatures: string[][] = [];
    for (let p = 0; p < n; p++) {
      // Dictionary words starting here, shortest first (kuromoji's commonPrefixSearch order).
      let parent = 0;
      let found = 0;
      let length = 0;
      for (let b = byteAt[p]; b < byteLength; b++) {
        const child = base[parent] + bytes[b];
        if (check[child] !== parent) break;
        parent = child;
        while (length < n - p && byteAt[p + length + 1] <= b + 1) length++;
        const leaf = base[child];
        if (check[leaf] !== child) continue;
        const trieId = -base[leaf] - 1;
        for (let t = mapStart[trieId]; t < mapStart[trieId + 1]; t++) {
          const id = mapIds[t];
          lattice.add(p + 1, length, tokens.getInt16(id, true), tokens.getInt16(id + 2, true), tokens.getInt16(id + 4, true), KNOWN, id);
        }
        found++;
      }
      const head = classOf(chars[p]);
      if (found === 0 || head.invoke === 1) {
        let key = chars[p];
        let grouped = false;
        if (head.grouping === 1 && n - p > 1) {
          for (let k = p + 1; k < n; k++) {
            if (classOf(chars[k]).name !== head.name) break;
            key += chars[k];
            grouped = true;
          }
        }
        // kuromoji measures a grouped key as a string, so a surrogate pair counts twice there.
        const keyLength = grouped ? key.length : 1;
        for (const entry of head.entries) {
          surfaces[lattice.size] = key;
          unknownFeatures[lattice.size] = entry.features;
          lattice.add(p + 1, keyLength, entry.left, entry.right, entry.cost, UNKNOWN, -1);
        }
      }
    }
    // EOS: starts one past the last end, so its predecessors are the nodes ending there.
    const last = lattice.eos;
    lattice.add(last + 1, 1, 0, 0, 0, EOS, -1);
    const eos = lattice.size - 1;
    for (let end = 1; end <= last + 1; end++) {
      for (let node = lattice.endFirst[end]; node >= 0; node = lattice.next[node]) {
        const from = lattice.start[node] - 1;
        const first = lattice.endFirst[from];
        if (first < 0) continue;
        let best = Number.MAX_VALUE;
        let prev = -1;
        const left = lattice.left[node];
        const cost = lattice.cost[node];
        for (let candidate = first; candidate >= 0; candidate = lattice.next[candidate]) {
          const total = lattice.best[candidate] + costs[lattice.right[candidate] * backward + left + 2] + cost;
          if (total < best) {
            best = total;
            prev = candidate;
          }
        }
        lattice.prev[node] = prev;
        lattice.best[node] = best;
      }
    }
    const path: number[] = [];
    for (let node = lattice.prev[eos]; node !== 0; node = lattice.prev[node]) {
      if (node < 0) return;
      path.push(node);
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i];
      const startPos = lattice.start[node] - 1;
      let surface: string;
      let feature: string[];
      if (lattice.kind[node] === KNOWN) {
        feature = featuresOf(lattice.id[node]);
        surface = feature[0];
      } else {
        feature = unknownFeatures[node];
        surface = surfaces[node];
      }
      const posDetail = feature[2];
      if (posDetail === '空白' || surface.trim() === '') continue;
      const start = offset + unitAt[Math.min(startPos, n)];
      const basic = feature[7];
      const reading = feature[8];
      out.push({ surface, base: basic && basic !== '*' ? basic : surface, pos: feature[1], posDetail, start, end: start + surface.length, reading: reading && reading !== '*' ? reading : undefined });
    }
  }

  return {
    analyze(normalized) {
      const out: Morpheme[] = [];
      for (const [start, end] of clauseSpans(normalized)) analyzeClause(normalized.slice(start, end), start, out);
      return out;
    },
  };
}
