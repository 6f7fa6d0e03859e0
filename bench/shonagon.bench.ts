// Shonagon corpus at the size of a national corpus (issue 21): import and lemma-analysis speed,
// then, over a generated corpus of 5,000,000 sentences served by the real server, the latency of
// the first page + exact total + counts per query class, and 64 concurrent clients for 30 s with
// GET /api/health measured at the same time, the server's RSS, and the index size.
// The sentences are real Japanese prose (manpages-ja and the fixture works) recombined clause by
// clause. The corpus is built once into .tmp/bench-shonagon (delete it to rebuild);
// SHONAGON_BENCH_SENTENCES sets its size (develop at 200000), SHONAGON_BENCH_SECONDS the load run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Corpus } from '../src/server/corpus/corpus';
import { mulberry32 } from '../src/server/corpus/shuffle';
import { loadAnalyzer, type Analyzer } from '../src/server/corpus/lemma';
import type { LemmaReply, LemmaRequest } from '../src/server/corpus/lemma-worker';
import { createLogger } from '../src/server/log';
import { normalize } from '../src/server/corpus/normalize';
import { CorpusService } from '../src/server/corpus/service';
import { splitSentences } from '../src/server/corpus/split';
import { readManpages } from '../test-support/manpages-ja';
import { fixtureTexts } from '../test-support/shonagon-fixture';
import { startApp } from '../test-support/start-app';
import { startWorker } from '../src/server/workers';
import type { Figure } from './run';

const root = path.resolve(import.meta.dirname, '..');
const generatorVersion = 2;
const totalSentences = Number(process.env.SHONAGON_BENCH_SENTENCES || 5_000_000);
const loadSeconds = Number(process.env.SHONAGON_BENCH_SECONDS || 30);
const perDocument = 5_000;
const media = ['novel', 'news', 'manual', 'subtitle', 'blog'];
const scale = totalSentences >= 1_000_000 ? `${totalSentences / 1_000_000}M` : `${totalSentences / 1000}k`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))];
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const load = () => round(os.loadavg()[0], 1);
const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/g;

/** Real sentences that are mostly Japanese: manpages-ja and the fixture works. */
function sourceSentences(): string[] {
  const sentences: string[] = [];
  const texts = [...readManpages(), ...fixtureTexts.map((fixture) => fixture.text)];
  for (const text of texts) {
    for (const paragraph of text.split('\n')) {
      for (const span of splitSentences(paragraph)) {
        const sentence = span.text;
        if (sentence.length >= 8 && sentence.length <= 80 && (sentence.match(japanese) ?? []).length / sentence.length > 0.6) sentences.push(sentence);
      }
    }
  }
  if (sentences.length < 1000) throw new Error('manpages-ja is needed for this bench: npm run setup installs it');
  return sentences;
}

/**
 * Sentences recombined at 、 so the corpus is varied: whole sentences, the head of one with the
 * tail of another, and three clauses from three sentences.
 */
function generate(sentences: string[], count: number, seed: number): string[] {
  const next = mulberry32(seed);
  const heads: string[] = [];
  const tails: string[] = [];
  for (const sentence of sentences) {
    const cut = sentence.indexOf('、');
    if (cut > 2 && cut < sentence.length - 4) {
      heads.push(sentence.slice(0, cut + 1));
      tails.push(sentence.slice(cut + 1));
    }
  }
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const out: string[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const roll = next();
    out[i] = roll < 0.4 ? pick(sentences) : roll < 0.8 ? pick(heads) + pick(tails) : pick(heads) + pick(heads) + pick(tails);
  }
  return out;
}

function sizeOf(file: string) {
  return [file, `${file}-wal`].reduce((sum, name) => sum + (fs.existsSync(name) ? fs.statSync(name).size : 0), 0);
}

/**
 * An import on a fresh corpus as the server runs it (the writer thread, its postings built beside it
 * in a helper): one 150,000-sentence document, from the request to the commit. Then the same in
 * one thread, for what a core does.
 */
async function measureImport(sentences: string[]): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-shonagon-bench-'));
  try {
    const lines = generate(sentences, 150_000, 7);
    // Paragraphs of 20 sentences, as a book has them.
    const paragraphs: string[] = [];
    for (let i = 0; i < lines.length; i += 20) paragraphs.push(lines.slice(i, i + 20).join('\n'));
    const text = paragraphs.join('\n\n');
    const bytes = Buffer.byteLength(text);
    const service = new CorpusService(path.join(dir, 'served'), createLogger('warn'), { lemma: false });
    // The writer and its postings helper start under tsx in seconds, the helper with the first big
    // import (the next import of a learner dropping many files finds it up): not part of the figure.
    await service.importDocument({ kind: 'text', text: lines.slice(0, 12_000).join('\n') }, { title: 'warm-up' });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const started = performance.now();
    await service.importDocument({ kind: 'text', text }, { title: 'bench' });
    const seconds = (performance.now() - started) / 1000;
    await service.close();
    const corpus = new Corpus(path.join(dir, 'one-thread.db'));
    const cpu = process.cpuUsage();
    corpus.insertDocument({ title: 'bench', bytes, kind: 'text' }, paragraphs.map((paragraph) => ({ text: paragraph })));
    const used = process.cpuUsage(cpu);
    corpus.db.pragma('wal_checkpoint(TRUNCATE)');
    const size = sizeOf(corpus.path);
    corpus.close();
    const mb = bytes / 1e6;
    return [
      { name: 'shonagon import MB/s (split, normalise, string index of every length; one 150,000-sentence document, request to commit)', value: round(mb / seconds), unit: 'MB/s', budget: 10, higherIsBetter: true, megabytes: round(mb, 1), loadAverage: load() },
      { name: 'shonagon import MB per CPU-second in one thread (what a free core does)', value: round(mb / ((used.user + used.system) / 1e6)), unit: 'MB/s' },
      { name: 'shonagon index MB per MB of text right after an import (text + string index, before merges and lemmas)', value: round(size / bytes), unit: 'MB/MB' },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The background lemma analysis as the indexer runs it: its analyser threads (one per core), fed
 * batches of distinct sentences, so the clause cache does not help.
 */
async function measureLemma(sentences: string[]): Promise<Figure[]> {
  const distinct = [...new Set(sentences)];
  const texts = distinct.slice(0, Math.min(distinct.length, 40_000));
  const bytes = Buffer.byteLength(texts.join(''));
  const threads = Math.max(1, Math.min(4, os.availableParallelism()));
  const workers = Array.from({ length: threads }, () => startWorker('lemma', {}));
  try {
    const analyse = (worker: Worker, batch: string[], id: number) =>
      new Promise<void>((resolve, reject) => {
        const onMessage = (reply: LemmaReply) => {
          if (reply.batch !== id) return;
          worker.off('message', onMessage);
          resolve();
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
        worker.setMaxListeners(0);
        worker.postMessage({ batch: id, texts: batch } satisfies LemmaRequest);
      });
    // Warm-up: each thread loads its dictionary before the clock starts.
    await Promise.all(workers.map((worker, i) => analyse(worker, ['準備です。'], -1 - i)));
    const batches: string[][] = [];
    for (let i = 0; i < texts.length; i += 2048) batches.push(texts.slice(i, i + 2048));
    const started = performance.now();
    let next = 0;
    await Promise.all(
      workers.map(async (worker) => {
        while (next < batches.length) {
          const id = next++;
          await analyse(worker, batches[id], id);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    // One thread alone, for the per-core figure.
    const analyzer = await loadAnalyzer();
    const sample = texts.slice(0, 5000);
    const cpu = process.cpuUsage();
    for (const text of sample) analyzer.analyze(normalize(text));
    const used = process.cpuUsage(cpu);
    return [
      { name: `shonagon lemma analysis MB/s (${threads} analyser threads, distinct sentences, no cache help)`, value: round(bytes / 1e6 / seconds), unit: 'MB/s', budget: 1, higherIsBetter: true, megabytes: round(bytes / 1e6, 1), loadAverage: load() },
      { name: 'shonagon lemma analysis MB per CPU-second (one thread)', value: round(Buffer.byteLength(sample.join('')) / 1e6 / ((used.user + used.system) / 1e6)), unit: 'MB/s' },
    ];
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** The big corpus as a server's DATA_DIR, built once: documents of 5,000 sentences, then the background indexer (lemmas, merges). */
async function bigCorpus(sentences: string[]): Promise<{ dataDir: string; dbPath: string; textBytes: number; figures: Figure[] }> {
  const dataDir = path.join(root, `.tmp/bench-shonagon/data-v${generatorVersion}-${totalSentences}`);
  const dbPath = path.join(dataDir, 'shonagon', 'corpus.db');
  const done = path.join(dataDir, 'built.json');
  if (fs.existsSync(done)) {
    const built = JSON.parse(fs.readFileSync(done, 'utf8')) as { textBytes: number; importSeconds: number; indexSeconds: number };
    return { dataDir, dbPath, textBytes: built.textBytes, figures: [] };
  }
  const documents = Math.ceil(totalSentences / perDocument);
  const all = generate(sentences, totalSentences, 42);
  let textBytes = 0;
  const existing = fs.existsSync(dbPath) ? new Corpus(dbPath) : null;
  const have = existing ? (existing.db.prepare('SELECT count(*) FROM documents').pluck().get() as number) : 0;
  existing?.close();
  const corpus = new Corpus(dbPath);
  const next = mulberry32(99);
  const started = performance.now();
  for (let doc = 0; doc < documents; doc++) {
    const chunk = all.slice(doc * perDocument, (doc + 1) * perDocument);
    textBytes += Buffer.byteLength(chunk.join(''));
    const pubYear = 1990 + Math.floor(next() * 35);
    // A build stopped part-way resumes after the documents it committed.
    if (doc < have) continue;
    // One sentence per block, so the corpus holds exactly the generated sentences.
    corpus.insertDocument({ title: `文書 ${doc + 1}`, media: media[doc % media.length], pubYear, bytes: Buffer.byteLength(chunk.join('')), kind: 'text' }, chunk.map((text) => ({ text: text.replace(/[。．！？!?]/g, '、').replace(/、$/, '') + '。' })));
    if (doc % 100 === 99) console.error(`shonagon bench: ${doc + 1}/${documents} documents imported, load ${load()}`);
  }
  corpus.close();
  const importSeconds = (performance.now() - started) / 1000;
  const indexStarted = performance.now();
  const service = new CorpusService(dataDir, createLogger('warn'));
  service.start();
  await service.indexesIdle();
  await service.close();
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  const checkpoint = new Corpus(dbPath);
  checkpoint.db.pragma('wal_checkpoint(TRUNCATE)');
  checkpoint.close();
  fs.writeFileSync(done, JSON.stringify({ textBytes, importSeconds, indexSeconds }));
  return {
    dataDir,
    dbPath,
    textBytes,
    figures: [
      { name: `shonagon ${scale}-sentence corpus: import of ${documents} documents (cached afterwards)`, value: round(importSeconds, 1), unit: 's', megabytesPerSecond: round(textBytes / 1e6 / importSeconds), loadAverage: load() },
      { name: `shonagon ${scale}-sentence corpus: background lemma index and merges`, value: round(indexSeconds, 1), unit: 's', megabytesPerSecond: round(textBytes / 1e6 / indexSeconds), loadAverage: load() },
    ],
  };
}

type Query = { q: string; mode?: 'lemma'; sort?: 'year' | 'random'; seed?: string };

/** Distinct queries per class, the way learners search: common characters, words of every length, lemmas. */
function queryClasses(sentences: string[], analyzer: Analyzer): Record<string, Query[]> {
  const next = mulberry32(2024);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const used = new Set<string>();
  const substring = (length: number) => {
    for (;;) {
      const chars = [...pick(sentences)];
      const at = Math.floor(next() * Math.max(1, chars.length - length));
      const text = chars.slice(at, at + length).join('');
      if (/^[\u3040-\u30ff\u4e00-\u9fff]+$/.test(text) && !used.has(text)) {
        used.add(text);
        return text;
      }
    }
  };
  // The 100 characters in most sentences: の, は, る, を, に … (the heaviest single-character queries).
  const bySentences = new Map<string, number>();
  for (const sentence of sentences.slice(0, 20_000)) for (const char of new Set(sentence.match(japanese) ?? [])) bySentences.set(char, (bySentences.get(char) ?? 0) + 1);
  const common = [...bySentences].sort((a, b) => b[1] - a[1]).slice(0, 100).map(([char]) => char);
  for (const char of common) used.add(char);
  const lemmas: Query[] = [];
  const seenLemmas = new Set<string>();
  while (lemmas.length < 150) {
    const morphemes = analyzer.analyze(normalize(pick(sentences))).filter((m) => m.pos === '動詞' || m.pos === '形容詞' || m.pos === '名詞');
    const base = morphemes.length ? pick(morphemes).base : '';
    if (base && !seenLemmas.has(base)) {
      seenLemmas.add(base);
      lemmas.push({ q: base, mode: 'lemma' });
    }
  }
  return {
    '1 character (the 100 commonest: の, は, る …)': common.map((q) => ({ q })),
    '2 characters': Array.from({ length: 150 }, () => ({ q: substring(2) })),
    '3-6 characters': Array.from({ length: 150 }, () => ({ q: substring(3 + Math.floor(next() * 4)) })),
    lemma: lemmas,
    'random sort (1-3 characters)': Array.from({ length: 150 }, (_, i) => ({ q: i < 30 ? common[i] : substring(1 + Math.floor(next() * 3)), sort: 'random' as const, seed: `s${i}` })),
    'year sort (2-3 characters)': Array.from({ length: 100 }, () => ({ q: substring(2 + Math.floor(next() * 2)), sort: 'year' as const })),
  };
}

function searchUrl(base: string, query: Query, offset = 0) {
  const params = new URLSearchParams({ q: query.q, limit: '50', offset: String(offset) });
  if (query.mode) params.set('mode', query.mode);
  if (query.sort) params.set('sort', query.sort);
  if (query.seed) params.set('seed', query.seed);
  return `${base}/shonagon_api/search?${params}`;
}

type LoadResult = { latencies: number[]; errors: number; requested: string[]; seconds: number };

// Plain JavaScript: a load thread needs no loader, and nothing of the project. The clients share
// these two cores with the server, so they cost it as little as they can: node:http on kept-alive
// sockets, the gzipped answer read and counted, not unzipped (fetch, unzipping every answer, took
// three quarters of a core at 750 searches/s).
const loadSource = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
// A thread is given its work as workerData, a process as its argument.
const { kind, urls, clients, seconds, seed } = workerData ?? JSON.parse(process.argv[1]);
const report = (result) => (parentPort ? parentPort.postMessage(result) : process.stdout.write(JSON.stringify(result)));
let state = seed * 2654435761 >>> 0;
const random = () => ((state = (Math.imul(state ^ (state >>> 15), 2246822519) + 0x6d2b79f5) >>> 0) / 4294967296);
const latencies = [];
const requested = new Set();
let errors = 0;
const started = performance.now();
const until = started + seconds * 1000;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const get = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve(response.statusCode === 200 && bytes > 0));
        response.on('error', reject);
      })
      .on('error', reject);
  });
async function client() {
  while (performance.now() < until) {
    const list = urls[Math.floor(random() * urls.length)];
    const url = list[Math.floor(random() * list.length)];
    requested.add(url);
    const begun = performance.now();
    try {
      if (!(await get(url))) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - begun);
    if (kind === 'health') await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
Promise.all(Array.from({ length: clients }, client)).then(() => report({ latencies, errors, requested: kind === 'health' ? [] : [...requested], seconds: (performance.now() - started) / 1000 }));
`;

function loadThread(workerData: { kind: 'search' | 'health'; urls: string[][]; clients: number; seconds: number; seed: number }): Promise<LoadResult> {
  const worker = new Worker(loadSource, { eval: true, workerData });
  return new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * The health prober as one outside the server would be: a process of its own, which the
 * scheduler weighs as one more process (a thread of the bench's process shares its weight).
 */
function loadProcess(workerData: { kind: 'search' | 'health'; urls: string[][]; clients: number; seconds: number; seed: number }): Promise<LoadResult> {
  const child = spawn(process.execPath, ['-e', loadSource, JSON.stringify(workerData)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise<LoadResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(output) as LoadResult) : reject(new Error(`the health prober exited with ${code}`))));
  });
}

/** CPU milliseconds the server has used: all its threads, and its main thread (the event loop) alone. */
function cpuOf(pid: number): { all: number; main: number } {
  const ticks = (file: string) => {
    const stat = fs.readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  return { all: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

export default async function shonagonBench(): Promise<Figure[]> {
  const sentences = sourceSentences();
  // SHONAGON_BENCH_QUERIES_ONLY=1 skips the import and lemma figures (minutes on a busy machine).
  // SHONAGON_BENCH_IMPORT_ONLY=1 gives only the import figures (no lemma figures, no 5M corpus, no server).
  if (process.env.SHONAGON_BENCH_IMPORT_ONLY) return measureImport(sentences);
  const figures: Figure[] = process.env.SHONAGON_BENCH_QUERIES_ONLY ? [] : [...(await measureImport(sentences)), ...(await measureLemma(sentences))];
  const { dataDir, dbPath, textBytes, figures: built } = await bigCorpus(sentences);
  figures.push(...built);
  const counted = new Corpus(dbPath, { readOnly: true });
  const count = counted.db.prepare('SELECT count(*) FROM sentences').pluck().get() as number;
  // Pages in use: a file may still hold pages its merges freed (a new corpus gives them back in the background).
  const inUse = counted.bytesInUse();
  counted.close();
  figures.push({ name: `shonagon index MB per MB of text (${scale} sentences: text, string and lemma indexes, merged)`, value: round(inUse / textBytes), unit: 'MB/MB', sentences: count, textMegabytes: round(textBytes / 1e6, 1), databaseMegabytes: round(inUse / 1e6), fileMegabytes: round(sizeOf(dbPath) / 1e6) });

  const classes = queryClasses(sentences, await loadAnalyzer());
  const app = await startApp({ DATA_DIR: dataDir, KOTONOHA_DIST_DIR: path.join(root, 'no-such-dist') }, { startTimeoutMs: 120_000 });
  try {
    const pid = app.process.pid!;
    let maxRss = rssOf(pid);
    let underLoad: number[] | null = null;
    const sampler = setInterval(() => {
      const rss = rssOf(pid);
      maxRss = Math.max(maxRss, rss);
      underLoad?.push(rss);
    }, 250);
    // The readers start with the first searches: warm them up on queries outside the samples.
    await Promise.all(['猫', '犬', '鳥', '魚'].map((q) => fetch(searchUrl(app.url, { q })).then((response) => response.text())));

    // One at a time: the latency of a first page with its exact total and counts, each query new to the server.
    for (const [name, queries] of Object.entries(classes)) {
      const times: number[] = [];
      let hits = 0;
      const cpu = cpuOf(pid);
      for (const query of queries) {
        const started = performance.now();
        const response = await fetch(searchUrl(app.url, query));
        const body = (await response.json()) as { total: number; items: unknown[] };
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${query.q}: HTTP ${response.status} ${JSON.stringify(body)}`);
        hits += body.total;
      }
      const used = cpuOf(pid).all - cpu.all;
      times.sort((a, b) => a - b);
      figures.push({ name: `shonagon ${name}: first page + exact total + counts, p95 (${scale} sentences, over HTTP)`, value: round(percentile(times, 95)), unit: 'ms', budget: 50, p50: round(percentile(times, 50)), max: round(times[times.length - 1]), queries: queries.length, meanHits: Math.round(hits / queries.length), serverCpuMsPerQuery: round(used / queries.length, 1), loadAverage: load() });
    }

    // 64 clients at once, classes mixed, pages 1–10 (and ten seeds for the shuffle), while one more
    // client asks for /api/health. Clients run in threads of their own, so a busy client loop does
    // not add to the latency it measures; the prober in a process of its own, as an outside one.
    const mixed = Object.entries(classes).filter(([name]) => !name.startsWith('year'));
    const urls = mixed.map(([, queries]) => queries.flatMap((query) => Array.from({ length: 10 }, (_, page) => searchUrl(app.url, query.sort === 'random' ? { ...query, seed: `s${page}` } : query, 50 * page))));
    const clientThreads = 2;
    underLoad = [];
    const cpu = cpuOf(pid);
    const results = await Promise.all([
      ...Array.from({ length: clientThreads }, (_, thread) => loadThread({ kind: 'search', urls, clients: 64 / clientThreads, seconds: loadSeconds, seed: thread + 1 })),
      loadProcess({ kind: 'health', urls: [[`${app.url}/api/health`]], clients: 1, seconds: loadSeconds, seed: 0 }),
    ]);
    const used = cpuOf(pid);
    clearInterval(sampler);
    const searches = results.slice(0, clientThreads);
    const latencies = searches.flatMap((result) => result.latencies).sort((a, b) => a - b);
    const health = results[clientThreads].latencies.sort((a, b) => a - b);
    const errors = searches.reduce((sum, result) => sum + result.errors, 0);
    const requested = new Set(searches.flatMap((result) => result.requested));
    const elapsed = Math.max(...searches.map((result) => result.seconds));
    const loadAverage = load();
    figures.push(
      { name: `shonagon 64 concurrent clients, mixed classes, ${loadSeconds} s: searches/s (${scale} sentences)`, value: round(latencies.length / elapsed, 1), unit: 'searches/s', budget: 1000, higherIsBetter: true, searches: latencies.length, distinctRequests: requested.size, loadAverage },
      { name: 'shonagon 64 concurrent clients: search latency p99', value: round(percentile(latencies, 99)), unit: 'ms', budget: 250, p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) },
      { name: 'shonagon 64 concurrent clients: errors', value: errors, unit: 'errors', budget: 0 },
      // What a search costs the server whatever the machine's load: all its threads, and the event loop's share (HTTP in and out).
      { name: 'shonagon 64 concurrent clients: server CPU per search (all threads)', value: round((used.all - cpu.all) / latencies.length, 2), unit: 'ms', mainThread: round((used.main - cpu.main) / latencies.length, 2) },
      { name: 'shonagon GET /api/health p99 during the 64-client load', value: round(percentile(health, 99)), unit: 'ms', budget: 20, p50: round(percentile(health, 50)), max: round(health[health.length - 1]), probes: health.length },
      { name: 'shonagon server RSS while serving (peak, all threads, from start-up through every figure above)', value: round(maxRss / 1e6), unit: 'MB', budget: 500 },
      { name: 'shonagon server RSS during the 64-client load (median of samples every 250 ms)', value: round([...underLoad].sort((a, b) => a - b)[Math.floor(underLoad.length / 2)] / 1e6), unit: 'MB' },
    );
  } finally {
    await app.stop();
  }
  return figures;
}
