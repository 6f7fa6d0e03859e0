// Shonagon corpus: import throughput (string index, background trigram and lemma indexes), KWIC
// query latency over a generated corpus of 1,000,000 sentences, and index size per MB of text.
// The sentences are real Japanese (manpages-ja) recombined clause by clause; the big corpus is
// built once and cached under .tmp/bench-shonagon (delete it to rebuild).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SearchParams } from '../src/common/shonagon';
import { Corpus, mulberry32 } from '../src/server/corpus/corpus';
import { createLemmatizer, findLemmaSpan, lemmaOf, loadAnalyzer, type Analyzer } from '../src/server/corpus/lemma';
import { CorpusSearch } from '../src/server/corpus/search';
import { normalize } from '../src/server/corpus/normalize';
import { splitSentences } from '../src/server/corpus/split';
import { readManpages } from '../test-support/manpages-ja';
import type { Figure } from './run';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, '.tmp/bench-shonagon');
const generatorVersion = 1;
const totalSentences = Number(process.env.SHONAGON_BENCH_SENTENCES || 1_000_000);
const perDocument = 5_000;
const media = ['novel', 'news', 'manual', 'subtitle', 'blog'];


const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Real sentences from manpages-ja that are mostly Japanese. */
function sourceSentences(): string[] {
  const sentences: string[] = [];
  for (const page of readManpages()) {
    for (const paragraph of page.split('\n')) {
      for (const span of splitSentences(paragraph)) {
        const text = span.text;
        const japanese = (text.match(/[\u3040-\u30ff\u4e00-\u9fff]/g) ?? []).length;
        if (text.length >= 8 && text.length <= 80 && japanese / text.length > 0.6) sentences.push(text);
      }
    }
  }
  if (sentences.length < 1000) throw new Error('manpages-ja is needed for this bench: apt-get install manpages-ja');
  return sentences;
}

/** Clauses (cut after 、) so sentences can be recombined: the start of one with the end of another. */
function clauses(sentences: string[]) {
  const heads: string[] = [];
  const tails: string[] = [];
  for (const sentence of sentences) {
    const cut = sentence.indexOf('、');
    if (cut > 2 && cut < sentence.length - 4) {
      heads.push(sentence.slice(0, cut + 1));
      tails.push(sentence.slice(cut + 1));
    }
  }
  return { heads, tails };
}

function generate(sentences: string[], count: number, seed: number): string[] {
  const next = mulberry32(seed);
  const { heads, tails } = clauses(sentences);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const out: string[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = next() < 0.5 ? pick(sentences) : pick(heads) + pick(tails);
  return out;
}

function sizeOf(file: string) {
  return [file, `${file}-wal`].reduce((sum, name) => sum + (fs.existsSync(name) ? fs.statSync(name).size : 0), 0);
}

function drainLemmas(corpus: Corpus, lemmatize: (normalized: string) => string[]) {
  for (let work = corpus.nextLemmaWork(0, 5000); work; work = corpus.nextLemmaWork(work.last, 5000)) {
    corpus.storeLemmaWork(work.doc, work.rows.map((row) => ({ id: row.id, lemmas: lemmatize(normalize(row.text)) })), work.last);
  }
}

/** Import throughput on a fresh corpus: the string index (what an import waits for), then the background indexes. */
async function measureImport(sentences: string[], analyzer: Analyzer): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-shonagon-bench-'));
  try {
    const corpus = new Corpus(path.join(dir, 'corpus.db'));
    const text = generate(sentences, 150_000, 7).join('\n');
    const bytes = Buffer.byteLength(text);
    const blocks = text.split('\n').reduce<Array<{ text: string }>>((list, line, index) => {
      if (index % 20 === 0) list.push({ text: line });
      else list[list.length - 1].text += line;
      return list;
    }, []);
    let started = performance.now();
    const cpu = process.cpuUsage();
    corpus.insertDocument({ title: 'bench', bytes, kind: 'text' }, blocks);
    const stringSeconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const stringCpuSeconds = (used.user + used.system) / 1e6;
    // Lemma analysis on a 1 MB slice of the same text (it is the slow part).
    const sample = text.slice(0, Math.floor(text.length * (1_000_000 / bytes)));
    const sampleBytes = Buffer.byteLength(sample);
    started = performance.now();
    for (const line of sample.split('\n')) analyzer.analyze(normalize(line)).map(lemmaOf);
    const lemmaSeconds = (performance.now() - started) / 1000;
    const mb = bytes / 1e6;
    return [
      { name: 'shonagon import, string index (split + normalise + per-character FTS5)', value: round(mb / stringSeconds), unit: 'MB/s', budget: 5, higherIsBetter: true, megabytes: round(mb, 1) },
      { name: 'shonagon import, string index, per CPU-second (what a free core does)', value: round(mb / stringCpuSeconds), unit: 'MB/s', loadAverage: round(os.loadavg()[0]) },
      { name: 'shonagon background lemma analysis (kuromoji)', value: round(sampleBytes / 1e6 / lemmaSeconds), unit: 'MB/s', budget: 1, higherIsBetter: true },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function bigCorpus(sentences: string[], analyzer: Analyzer): Promise<{ corpus: Corpus; file: string; textBytes: number; built: boolean }> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `corpus-v${generatorVersion}-${totalSentences}.db`);
  const done = `${file}.done`;
  if (fs.existsSync(done)) return { corpus: new Corpus(file), file, textBytes: Number(fs.readFileSync(done, 'utf8')), built: false };
  const documents = Math.ceil(totalSentences / perDocument);
  // A build stopped after its documents were in resumes: the background indexes pick up where they were.
  const existing = fs.existsSync(file) ? new Corpus(file) : null;
  const resumable = existing !== null && existing.db.prepare('SELECT count(*) FROM documents').pluck().get() === documents;
  if (!resumable) {
    existing?.close();
    for (const name of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(name, { force: true });
  }
  const corpus = resumable ? existing : new Corpus(file);
  const all = generate(sentences, totalSentences, 42);
  const next = mulberry32(99);
  let textBytes = 0;
  for (let start = 0, doc = 0; start < all.length; start += perDocument, doc++) {
    const chunk = all.slice(start, start + perDocument);
    textBytes += Buffer.byteLength(chunk.join(''));
    const pubYear = 1990 + Math.floor(next() * 35);
    if (resumable) continue;
    corpus.insertDocument(
      { title: `文書 ${doc + 1}`, media: media[doc % media.length], pubYear, bytes: 0, kind: 'text' },
      // One sentence per line, so the corpus has exactly the generated sentences.
      chunk.map((text) => ({ text: text.replace(/[。．！？!?]/g, '、').replace(/、$/, '') + '。' })),
    );
  }
  drainLemmas(corpus, createLemmatizer(analyzer));
  corpus.db.pragma('wal_checkpoint(TRUNCATE)');
  fs.writeFileSync(done, String(textBytes));
  return { corpus, file, textBytes, built: true };
}

function queries(sentences: string[], analyzer: Analyzer) {
  const next = mulberry32(2024);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const substring = (length: number) => {
    for (;;) {
      const chars = [...pick(sentences)];
      const at = Math.floor(next() * Math.max(1, chars.length - length));
      const text = chars.slice(at, at + length).join('');
      if (/^[\u3040-\u30ff\u4e00-\u9fff]+$/.test(text)) return text;
    }
  };
  const long = Array.from({ length: 200 }, () => substring(3 + Math.floor(next() * 4)));
  const short = Array.from({ length: 200 }, () => substring(1 + Math.floor(next() * 2)));
  const lemmas: string[] = [];
  while (lemmas.length < 200) {
    const morphemes = analyzer.analyze(normalize(pick(sentences))).filter((m) => m.pos === '動詞' || m.pos === '形容詞' || m.pos === '名詞');
    if (morphemes.length) lemmas.push(pick(morphemes).base);
  }
  return { long, short, lemmas };
}

export default async function shonagonBench(): Promise<Figure[]> {
  const sentences = sourceSentences();
  const analyzer = await loadAnalyzer();
  // SHONAGON_BENCH_QUERIES_ONLY=1 skips the import figures (minutes on a busy machine).
  const figures = process.env.SHONAGON_BENCH_QUERIES_ONLY ? [] : await measureImport(sentences, analyzer);

  const buildStarted = performance.now();
  const { corpus, file, textBytes, built } = await bigCorpus(sentences, analyzer);
  const count = corpus.db.prepare('SELECT count(*) FROM sentences').pluck().get() as number;
  if (built) figures.push({ name: 'shonagon 1M-sentence corpus build (cached afterwards)', value: round((performance.now() - buildStarted) / 1000, 1), unit: 's' });
  figures.push({ name: 'shonagon index size per MB of text (1M sentences; text, per-character, trigram, lemma)', value: round(sizeOf(file) / textBytes), unit: 'MB/MB', sentences: count, textMegabytes: round(textBytes / 1e6, 1) });

  const { long, short, lemmas } = queries(sentences, analyzer);
  const lemmaQuery = (normalized: string) => {
    const tokens = analyzer.analyze(normalized).map(lemmaOf);
    return { lemmas: tokens, keySpan: (sentence: string) => findLemmaSpan(analyzer.analyze(sentence), tokens) };
  };
  const load = round(os.loadavg()[0]);
  const search = new CorpusSearch(corpus);
  const measure = (name: string, list: string[], params: Partial<SearchParams>, budget: number) => {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let hits = 0;
    for (const q of list) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = search.search({ q, limit: 50, ...params }, { lemmaQuery });
      const used = process.cpuUsage(cpu);
      times.push(performance.now() - started);
      cpuTimes.push((used.user + used.system) / 1000);
      hits += result.total;
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    figures.push(
      { name: `shonagon KWIC ${name} p50 (1M sentences, first page of 50, totals and counts)`, value: round(percentile(times, 50)), unit: 'ms' },
      { name: `shonagon KWIC ${name} p95 (1M sentences, first page of 50, totals and counts)`, value: round(percentile(times, 95)), unit: 'ms', budget, meanHits: Math.round(hits / list.length), loadAverage: load },
      // On a shared machine the wall clock includes waiting for a core; CPU time does not.
      { name: `shonagon KWIC ${name} CPU time p95`, value: round(percentile(cpuTimes, 95)), unit: 'ms' },
    );
  };
  measure('string query of 3-6 characters', long, {}, 50);
  measure('string query of 1-2 characters', short, {}, 150);
  measure('lemma query', lemmas, { mode: 'lemma' }, 150);
  measure('string query of 3-6 characters, year sort', long.slice(0, 100), { sort: 'year' }, 50);
  corpus.close();
  return figures;
}
