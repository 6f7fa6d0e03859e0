// The learner's dictionaries through a started server and its HTTP API: importing a
// Jitendex-sized dictionary (≥ 290,000 structured-content terms) with the server's RSS sampled,
// a 500,000-row frequency dictionary, disk per dictionary, and lookup latency with EDICT, that
// dictionary, a Japanese→Chinese one, frequency, pitch and KANJIDIC2 enabled.
// The big zips are built from EDICT by test-support/dictionaries and kept between runs in
// os.tmpdir() (rebuilt when their builders or EDICT change; KOTONOHA_BENCH_REBUILD=1 forces it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DictImport, DictionariesList } from '../src/common/dictionaries';
import { buildChinese } from '../test-support/dictionaries/chinese';
import { buildFrequency, type FrequencyResult } from '../test-support/dictionaries/frequency';
import { buildJitendexLike, edictLines, edictPath, rulesOf, type JitendexLikeResult } from '../test-support/dictionaries/jitendex-like';
import { kanjidicPath } from '../test-support/dictionaries/kanjidic';
import { buildPitch } from '../test-support/dictionaries/pitch';
import { readManpages } from '../test-support/manpages-ja';
import { startApp, type RunningApp } from '../test-support/start-app';
import type { Figure } from './run';

const builders = path.resolve(import.meta.dirname, '../test-support/dictionaries');

/** A key that changes when the builders' code or EDICT changes. */
function buildKey(): string {
  const hash = crypto.createHash('sha1');
  for (const file of fs.readdirSync(builders).sort()) if (file.endsWith('.ts') && !file.endsWith('.test.ts')) hash.update(fs.readFileSync(path.join(builders, file)));
  const edict = fs.statSync(edictPath);
  hash.update(`${edict.size}:${edict.mtimeMs}`);
  return hash.digest('hex').slice(0, 12);
}

interface Built<T> {
  result: T;
  /** Seconds the builder took (when it ran, in an earlier run if cached). */
  seconds: number;
  cached: boolean;
}

function cachedBuild<T extends { path: string }>(dir: string, name: string, build: (dir: string) => T): Built<T> {
  const sidecar = path.join(dir, `${name}.json`);
  if (!process.env.KOTONOHA_BENCH_REBUILD && fs.existsSync(sidecar)) {
    const saved = JSON.parse(fs.readFileSync(sidecar, 'utf8')) as { result: T; seconds: number };
    if (fs.existsSync(saved.result.path)) return { ...saved, cached: true };
  }
  const started = performance.now();
  const result = build(dir);
  const seconds = (performance.now() - started) / 1000;
  fs.writeFileSync(sidecar, JSON.stringify({ result, seconds }));
  return { result, seconds, cached: false };
}

/** The resident set of a process, from /proc (Linux), in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux): on a shared machine, the figure other work does not inflate. */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Uploads a zip and waits for its import to end; answers the import, the seconds it took and the peak RSS seen. */
async function importZip(app: RunningApp, file: string): Promise<{ done: DictImport; seconds: number; cpuSeconds: number; peakRss: number }> {
  let peakRss = rssOf(app.process.pid!);
  const cpuBefore = cpuOf(app.process.pid!);
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssOf(app.process.pid!));
    } catch {
      // The server has gone: the poll below says why.
    }
  }, 50);
  try {
    const started = performance.now();
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file), path.basename(file));
    let { import: current } = await json<{ import: DictImport }>(await fetch(`${app.url}/api/dict/dictionaries`, { method: 'POST', body: form }));
    while (current.state === 'queued' || current.state === 'running') {
      await sleep(50);
      current = (await json<{ import: DictImport }>(await fetch(`${app.url}/api/dict/imports/${current.id}`))).import;
    }
    const seconds = (performance.now() - started) / 1000;
    if (current.state !== 'done') throw new Error(`${path.basename(file)}: the import ended ${current.state}: ${current.error ?? ''}`);
    return { done: current, seconds, cpuSeconds: cpuOf(app.process.pid!) - cpuBefore, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

/** Waits until EDICT is ready and no import (KANJIDIC2 on first start) is queued or running. */
async function settle(app: RunningApp, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const status = await json<{ state: string }>(await fetch(`${app.url}/api/dict/status`));
    const { imports } = await json<{ imports: DictImport[] }>(await fetch(`${app.url}/api/dict/imports`));
    if (status.state === 'ready' && !imports.some((item) => item.state === 'queued' || item.state === 'running')) return;
    await sleep(200);
  }
  throw new Error('EDICT and KANJIDIC2 were not ready in time');
}

/** Deterministic pseudo-random numbers, so every run measures the same queries. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const godanI: Record<string, string> = { く: 'き', ぐ: 'ぎ', す: 'し', つ: 'ち', う: 'い', る: 'り', ぬ: 'に', ぶ: 'び', む: 'み' };

/** 500 words a learner looks up: common EDICT words by spelling and by reading, and conjugated verbs and adjectives. */
function wordQueries(count = 500): string[] {
  const common: Array<{ term: string; reading: string; rules: string }> = [];
  for (const line of edictLines()) {
    if (!line.includes('(P)')) continue;
    const match = /^([^ [/]+)(?: \[([^\]]+)\])? \/(?:\(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const reading = (match[2] ?? match[1]).split(';')[0].replace(/\(.*?\)/g, '');
    common.push({ term: match[1].replace(/\(.*?\)/g, ''), reading, rules: rulesOf((match[3] ?? '').split(',')) });
  }
  const next = random(20_261_128);
  const pick = () => common[Math.floor(next() * common.length)];
  const queries: string[] = [];
  while (queries.length < count) {
    const word = pick();
    const kind = queries.length % 5;
    if (kind < 3) queries.push(word.term);
    else if (kind === 3) queries.push(word.reading);
    else {
      const stem = word.term.slice(0, -1);
      const last = word.term.slice(-1);
      if (word.rules === 'v1') queries.push(`${stem}ました`);
      else if (word.rules === 'v5' && godanI[last]) queries.push(`${stem}${godanI[last]}たい`);
      else if (word.rules === 'adj-i' && last === 'い') queries.push(`${stem}くなかった`);
      else queries.push(word.term);
    }
  }
  return queries;
}

const japaneseRun = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]{12,}/gu;

/** 200 twelve-character stretches of the Japanese manual pages' prose. */
function phraseQueries(count = 200): string[] {
  const phrases: string[] = [];
  for (const page of readManpages()) {
    for (const run of page.match(japaneseRun) ?? []) {
      phrases.push([...run].slice(0, 12).join(''));
      if (phrases.length >= count) return phrases;
    }
  }
  if (phrases.length === 0) throw new Error('no Japanese manual pages: run npm run setup (it installs manpages-ja)');
  return phrases;
}

async function latencies(app: RunningApp, queries: string[]): Promise<{ times: number[]; found: number }> {
  const times: number[] = [];
  let found = 0;
  for (const query of queries) {
    const started = performance.now();
    const response = await fetch(`${app.url}/api/dict/lookup?q=${encodeURIComponent(query)}`);
    const body = (await response.json()) as { results?: unknown[] };
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`lookup ${query} answered ${response.status}`);
    if (body.results && body.results.length > 0) found++;
  }
  times.sort((a, b) => a - b);
  return { times, found };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
const megabytes = (bytes: number) => round(bytes / 2 ** 20, 1);
const load = () => round(os.loadavg()[0], 1);

export default async function dictImportBench(): Promise<Figure[]> {
  for (const file of [edictPath, kanjidicPath]) if (!fs.existsSync(file)) throw new Error(`${file} is absent: npm run setup installs Debian's edict and kanjidic-xml`);
  const cacheDir = path.join(os.tmpdir(), 'kotonoha-bench-dictionaries', buildKey());
  fs.mkdirSync(cacheDir, { recursive: true });
  const big = cachedBuild<JitendexLikeResult>(cacheDir, 'jitendex-like', (dir) => buildJitendexLike({ dir, minTerms: 290_000 }));
  const frequency = cachedBuild<FrequencyResult>(cacheDir, 'frequency', (dir) => buildFrequency({ dir, rows: 500_000 }));
  const smallDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-bench-small-dicts-'));
  const figures: Figure[] = [
    { name: 'build: Jitendex-like zip from EDICT', value: round(big.seconds, 1), unit: 's', cached: big.cached, terms: big.result.terms, zipMB: megabytes(fs.statSync(big.result.path).size) },
    { name: 'build: frequency zip', value: round(frequency.seconds, 1), unit: 's', cached: frequency.cached, rows: frequency.result.rows, zipMB: megabytes(fs.statSync(frequency.result.path).size) },
  ];
  const app = await startApp({ KOTONOHA_EDICT_PATH: edictPath, KOTONOHA_KANJIDIC_PATH: kanjidicPath }, { startTimeoutMs: 120_000 });
  try {
    await settle(app);
    const idleRss = rssOf(app.process.pid!);
    const loadBefore = load();
    const bigImport = await importZip(app, big.result.path);
    figures.push(
      { name: `import: ${big.result.terms.toLocaleString('en')} structured-content terms (${megabytes(fs.statSync(big.result.path).size)} MB zip)`, value: round(bigImport.seconds), unit: 's', budget: 20, serverCpuSeconds: round(bigImport.cpuSeconds, 1), rows: bigImport.done.rows, loadAverage: loadBefore },
      { name: 'import: server RSS peak during it', value: megabytes(bigImport.peakRss), unit: 'MB', budget: 500, idleMB: megabytes(idleRss) },
    );
    const frequencyImport = await importZip(app, frequency.result.path);
    figures.push({ name: `import: frequency dictionary of ${frequency.result.rows.toLocaleString('en')} rows`, value: round(frequencyImport.seconds), unit: 's', budget: 5, serverCpuSeconds: round(frequencyImport.cpuSeconds, 1), peakRssMB: megabytes(frequencyImport.peakRss), loadAverage: load() });
    await importZip(app, buildChinese(smallDir).path);
    await importZip(app, buildPitch(smallDir).path);
    const listed = await json<DictionariesList>(await fetch(`${app.url}/api/dict/dictionaries`));
    const frequencyId = listed.dictionaries.find((item) => item.id === frequencyImport.done.dictionaryId)!.id;
    await fetch(`${app.url}/api/dict/frequency`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: frequencyId }) });
    for (const item of listed.dictionaries) {
      const counts = Object.entries(item.counts).filter(([, value]) => value > 0).map(([name, value]) => `${name} ${value}`).join(', ');
      figures.push({ name: `disk: ${item.title}`, value: megabytes(item.bytes), unit: 'MB', counts, enabled: item.enabled });
    }

    const words = wordQueries();
    const phrases = phraseQueries();
    // Warm-up on other queries: statements compiled, the JIT, SQLite's first pages, as in a running server.
    await latencies(app, wordQueries(600).slice(500));
    await latencies(app, phrases.slice(0, 20).map((phrase) => phrase.slice(2)));
    // The server's CPU per query beside the wall clock: on a busy machine most of a slow answer's time is waiting for a core.
    let cpu = cpuOf(app.process.pid!);
    const word = await latencies(app, words);
    const wordCpu = (cpuOf(app.process.pid!) - cpu) / words.length;
    cpu = cpuOf(app.process.pid!);
    const phrase = await latencies(app, phrases);
    const phraseCpu = (cpuOf(app.process.pid!) - cpu) / phrases.length;
    const loadAfter = load();
    const enabled = listed.dictionaries.filter((item) => item.enabled).map((item) => item.title).join(', ');
    figures.push(
      { name: 'lookup: word p50 (500 queries, HTTP)', value: round(percentile(word.times, 50), 3), unit: 'ms' },
      { name: 'lookup: word p95 (500 queries, HTTP)', value: round(percentile(word.times, 95), 3), unit: 'ms', budget: 10, serverCpuMeanMs: round(wordCpu * 1000, 2), found: word.found, enabled, loadAverage: loadAfter },
      { name: 'lookup: 12-character phrase p50 (200 phrases, HTTP)', value: round(percentile(phrase.times, 50), 3), unit: 'ms' },
      { name: 'lookup: 12-character phrase p95 (200 phrases, HTTP)', value: round(percentile(phrase.times, 95), 3), unit: 'ms', budget: 30, serverCpuMeanMs: round(phraseCpu * 1000, 2), found: phrase.found, loadAverage: loadAfter },
    );
    return figures;
  } finally {
    await app.stop();
    fs.rmSync(smallDir, { recursive: true, force: true });
  }
}
