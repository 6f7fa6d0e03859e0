// Dictionary: importing the full EDICT file, lookup latency over 1,000 mixed single-word queries,
// and over 20-character phrases a learner might select (scanned and split into words).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { toRomaji } from 'wanakana';
import { createApp } from '../src/server/app';
import { parseEnv } from '../src/server/env';
import { createLogger } from '../src/server/log';
import { WordClass } from '../src/server/dict/deinflect';
import { dictDbPath, importEdict } from '../src/server/dict/importer';
import { lookup } from '../src/server/dict/lookup';
import { DictService } from '../src/server/dict/service';
import type { Figure } from './run';

const edictPath = process.env.KOTONOHA_EDICT_PATH || '/usr/share/edict/edict';

interface Sample {
  text: string;
  reading: string;
  posMask: number;
}

/** Deterministic pseudo-random numbers, so every run measures the same queries. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const godanPast: Record<string, string> = { く: 'いた', ぐ: 'いだ', す: 'した', つ: 'った', う: 'った', る: 'った', ぬ: 'んだ', ぶ: 'んだ', む: 'んだ' };
const godanA: Record<string, string> = { く: 'か', ぐ: 'が', す: 'さ', つ: 'た', う: 'わ', る: 'ら', ぬ: 'な', ぶ: 'ば', む: 'ま' };
const godanI: Record<string, string> = { く: 'き', ぐ: 'ぎ', す: 'し', つ: 'ち', う: 'い', る: 'り', ぬ: 'に', ぶ: 'び', む: 'み' };

/** A conjugated form of a common verb or adjective, the kind of text a learner selects. */
function conjugate(sample: Sample, pick: number): string | null {
  const { text, posMask } = sample;
  const stem = text.slice(0, -1);
  const last = text.slice(-1);
  if (posMask & WordClass.v1) return [stem + 'た', stem + 'ている', stem + 'なかった', stem + 'ます', stem + 'られる'][pick % 5];
  if (posMask & WordClass.v5 && godanPast[last]) {
    return [stem + godanPast[last], stem + godanA[last] + 'ない', stem + godanI[last] + 'ました', stem + godanA[last] + 'れている', stem + godanI[last] + 'たい'][pick % 5];
  }
  if (posMask & WordClass.adjI && last === 'い') return [stem + 'くない', stem + 'かった', stem + 'くて', stem + 'ければ', stem + 'そう'][pick % 5];
  return null;
}

function buildQueries(dbPath: string, seed = 20_240_601): string[] {
  const db = new Database(dbPath, { readonly: true });
  const rows = db.prepare<[], { data: string; pos_mask: number }>('SELECT data, pos_mask FROM entries WHERE common = 1').all();
  db.close();
  const samples: Sample[] = rows.map((row) => {
    const data = JSON.parse(row.data) as { h: Array<{ text: string }>; r: Array<{ text: string }> };
    return { text: data.h[0]?.text ?? data.r[0].text, reading: data.r[0].text, posMask: row.pos_mask };
  });
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const inflectable = samples.filter((sample) => sample.posMask & (WordClass.v1 | WordClass.v5 | WordClass.adjI));
  const queries: string[] = [];
  for (let index = 0; queries.length < 1000; index++) {
    const kind = index % 10;
    const sample = pick(samples);
    if (kind < 3) queries.push(sample.text);
    else if (kind < 5) queries.push(sample.reading);
    else if (kind < 7) queries.push(toRomaji(sample.reading));
    else if (kind < 9) queries.push(conjugate(pick(inflectable), index) ?? sample.text);
    else queries.push([...sample.reading].slice(0, 1 + (index % 2)).join(''));
  }
  return queries;
}

const japaneseRun = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々、]{20,}/gu;

/**
 * 20-character stretches of real Japanese prose: Debian's manpages-ja when installed (as CI's
 * machine has it), else phrases built from common words, particles and conjugations.
 */
function buildPhrases(dbPath: string, count: number): { phrases: string[]; source: string } {
  const manDir = '/usr/share/man/ja/man1';
  const phrases: string[] = [];
  if (fs.existsSync(manDir)) {
    for (const file of fs.readdirSync(manDir).sort()) {
      if (!file.endsWith('.gz')) continue;
      const text = zlib.gunzipSync(fs.readFileSync(path.join(manDir, file))).toString('utf8');
      for (const line of text.split('\n')) {
        if (line.startsWith('.')) continue;
        for (const run of line.match(japaneseRun) ?? []) {
          const chars = [...run.replace(/^、+/, '')];
          if (chars.length >= 20) phrases.push(chars.slice(0, 20).join(''));
        }
      }
      if (phrases.length >= count) return { phrases: phrases.slice(0, count), source: 'manpages-ja' };
    }
  }
  const words = buildQueries(dbPath, 99).filter((query) => !/[a-z]/.test(query));
  const particles = ['を', 'に', 'が', 'は', 'で', 'と', 'の', 'から', 'まで'];
  const next = random(3);
  while (phrases.length < count) {
    let phrase = '';
    while ([...phrase].length < 20) phrase += words[Math.floor(next() * words.length)] + particles[Math.floor(next() * particles.length)];
    phrases.push([...phrase].slice(0, 20).join(''));
  }
  return { phrases, source: 'generated' };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

export default async function dictBench(): Promise<Figure[]> {
  if (!fs.existsSync(edictPath)) throw new Error(`${edictPath} is absent: install Debian's edict (apt install edict) or set KOTONOHA_EDICT_PATH`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dict-bench-'));
  try {
    const dbPath = dictDbPath(dataDir);
    const started = performance.now();
    const result = await importEdict(edictPath, dbPath);
    const importSeconds = (performance.now() - started) / 1000;

    const queries = buildQueries(dbPath);
    const log = createLogger('silent');
    const dict = new DictService(dataDir, log);
    const app = createApp({ env: parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), log, dict });

    // Warm-up on other words (statements compiled, JIT, SQLite's first pages), like a running server.
    for (const query of buildQueries(dbPath, 7).slice(0, 100)) lookup(dict.store, query);

    // Core lookups (de-inflection, SQLite, ranking): each query once, in order. CPU time is also
    // kept: on a shared machine the wall-clock tail is mostly time spent waiting for a core.
    const core: number[] = [];
    const cpu: number[] = [];
    let found = 0;
    for (const query of queries) {
      const t = performance.now();
      const c = process.cpuUsage();
      const answer = lookup(dict.store, query);
      const used = process.cpuUsage(c);
      core.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
      if (answer.results.length > 0) found++;
    }
    // The whole handler: routing, validation, lookup, JSON.
    const http: number[] = [];
    const httpCpu: number[] = [];
    for (const query of queries) {
      const t = performance.now();
      const c = process.cpuUsage();
      const response = await app.request(`/api/dict/lookup?q=${encodeURIComponent(query)}`);
      await response.text();
      const used = process.cpuUsage(c);
      http.push(performance.now() - t);
      httpCpu.push((used.user + used.system) / 1000);
      if (response.status !== 200) throw new Error(`lookup ${query} answered ${response.status}`);
    }
    // Phrases over HTTP: the longest word at the start plus the phrase's segments, in one request.
    const { phrases, source } = buildPhrases(dbPath, 300);
    const phraseHttp: number[] = [];
    const phraseCpu: number[] = [];
    let segmented = 0;
    for (const phrase of phrases) {
      const t = performance.now();
      const c = process.cpuUsage();
      const response = await app.request(`/api/dict/lookup?q=${encodeURIComponent(phrase)}`);
      const body = (await response.json()) as { segments?: unknown[] };
      const used = process.cpuUsage(c);
      phraseHttp.push(performance.now() - t);
      phraseCpu.push((used.user + used.system) / 1000);
      if (response.status !== 200) throw new Error(`lookup ${phrase} answered ${response.status}`);
      if (body.segments) segmented++;
    }
    dict.close();
    phraseHttp.sort((a, b) => a - b);
    phraseCpu.sort((a, b) => a - b);
    core.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    http.sort((a, b) => a - b);
    httpCpu.sort((a, b) => a - b);
    const load = Math.round(os.loadavg()[0] * 10) / 10;
    const round = (value: number) => Math.round(value * 1000) / 1000;
    return [
      { name: 'edict full import', value: Math.round(importSeconds * 100) / 100, unit: 's', budget: 20, entries: result.entries, encoding: result.encoding },
      { name: 'dict lookup p50 (1,000 mixed queries)', value: round(percentile(core, 50)), unit: 'ms' },
      { name: 'dict lookup p95 (1,000 mixed queries)', value: round(percentile(core, 95)), unit: 'ms', budget: 5, found, loadAverage: load },
      { name: 'dict lookup CPU time p95 (1,000 mixed queries)', value: round(percentile(cpu, 95)), unit: 'ms' },
      { name: 'GET /api/dict/lookup p50 (server side)', value: round(percentile(http, 50)), unit: 'ms' },
      { name: 'GET /api/dict/lookup p95 (server side)', value: round(percentile(http, 95)), unit: 'ms', budget: 5, loadAverage: load },
      { name: 'GET /api/dict/lookup CPU time p95 (server side)', value: round(percentile(httpCpu, 95)), unit: 'ms' },
      { name: 'GET /api/dict/lookup phrase p50 (300 × 20 characters)', value: round(percentile(phraseHttp, 50)), unit: 'ms', source },
      { name: 'GET /api/dict/lookup phrase p95 (300 × 20 characters)', value: round(percentile(phraseHttp, 95)), unit: 'ms', budget: 20, segmented, loadAverage: load },
      { name: 'GET /api/dict/lookup phrase CPU time p95', value: round(percentile(phraseCpu, 95)), unit: 'ms' },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
