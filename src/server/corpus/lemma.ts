import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';
import { clauseSpans, fastAnalyzer, loadDictionary } from './analyzer';
import { normalize } from './normalize';

/** One morpheme of a normalised sentence, with its offsets in that normalised text. */
export interface Morpheme {
  surface: string;
  /** Dictionary form (the lemma): 食べ → 食べる, 行っ → 行く. */
  base: string;
  pos: string;
  posDetail: string;
  start: number;
  end: number;
  /** IPADIC's reading, in katakana; none for an unknown word. */
  reading: string | undefined;
}

export interface Analyzer {
  analyze(normalized: string): Morpheme[];
}

const require = createRequire(import.meta.url);

export function kuromojiDictPath(): string {
  return path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict') + path.sep;
}

/** kuromoji's own tokenizer with its IPADIC dictionary (about a second to load). */
export function loadKuromoji(): Promise<kuromoji.Tokenizer<kuromoji.IpadicFeatures>> {
  return new Promise((resolve, reject) => {
    kuromoji.builder({ dicPath: kuromojiDictPath() }).build((error, tokenizer) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(tokenizer);
    });
  });
}

let loading: Promise<Analyzer> | null = null;

/** The analyser (analyzer.ts: kuromoji's results, faster and smaller); loaded once per thread. */
export function loadAnalyzer(): Promise<Analyzer> {
  loading ??= new Promise<Analyzer>((resolve) => resolve(fastAnalyzer(loadDictionary(kuromojiDictPath())))).catch((error: Error) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The analyser shared with this thread, or, should it not have come `afterMs` after the first
 * call, the thread's own (loadAnalyzer). Its own is loaded only then: a copy per reader is ~60 MB
 * and seconds of a blocked thread.
 */
export function sharedOrOwnAnalyzer(shared: Promise<Analyzer>, own: () => Promise<Analyzer>, afterMs: number): () => Promise<Analyzer> {
  let chosen: Promise<Analyzer> | null = null;
  return () =>
    (chosen ??= Promise.race([
      shared,
      new Promise<Analyzer>((resolve, reject) => {
        const timer = setTimeout(() => own().then(resolve, reject), afterMs);
        timer.unref?.();
        void shared.then(() => clearTimeout(timer));
      }),
    ]).catch((error: unknown) => {
      // A failed load of its own is tried again at the next call.
      chosen = null;
      throw error;
    }));
}

/** A morpheme's lemma as the index keeps it: its dictionary form, normalised like the text. */
export function lemmaOf(morpheme: Morpheme): string {
  return normalize(morpheme.base);
}

/**
 * Where the query's lemma sequence occurs among a sentence's morphemes, as a span of the
 * normalised text; the span runs on over auxiliaries and verb suffixes, so the key of 食べる in
 * 食べさせられる is the whole 食べさせられる.
 */
export function findLemmaSpan(morphemes: Morpheme[], queryLemmas: string[]): [number, number] | null {
  outer: for (let i = 0; i + queryLemmas.length <= morphemes.length; i++) {
    for (let k = 0; k < queryLemmas.length; k++) {
      if (lemmaOf(morphemes[i + k]) !== queryLemmas[k]) continue outer;
    }
    let last = i + queryLemmas.length - 1;
    const head = morphemes[i];
    if (queryLemmas.length === 1 && (head.pos === '動詞' || head.pos === '形容詞')) {
      while (last + 1 < morphemes.length && isInflectionTail(morphemes[last + 1])) last++;
    }
    return [morphemes[i].start, morphemes[last].end];
  }
  return null;
}

/**
 * `findLemmaSpan` over a sentence, analysed a clause at a time up to the first that holds the
 * phrase: the analyser sees each clause on its own, so this is the whole sentence's answer at a
 * fraction of the analysis (a page of lemma hits analyses 50 sentences). A phrase that holds a
 * clause end itself is looked for over the whole sentence.
 */
export function findLemmaSpanIn(analyzer: Analyzer, normalized: string, queryLemmas: string[]): [number, number] | null {
  if (queryLemmas.some((lemma) => lemma.includes('、') || lemma.includes('。'))) return findLemmaSpan(analyzer.analyze(normalized), queryLemmas);
  for (const [start, end] of clauseSpans(normalized)) {
    const span = findLemmaSpan(analyzer.analyze(normalized.slice(start, end)), queryLemmas);
    if (span) return [span[0] + start, span[1] + start];
  }
  return null;
}

function isInflectionTail(morpheme: Morpheme): boolean {
  if (morpheme.pos === '助動詞') return true;
  if (morpheme.pos === '動詞' && (morpheme.posDetail === '接尾' || morpheme.posDetail === '非自立')) return true;
  return morpheme.pos === '助詞' && morpheme.posDetail === '接続助詞' && (morpheme.surface === 'て' || morpheme.surface === 'で');
}

/**
 * The lemmas of a normalised sentence, clause by clause, remembering each clause's: kuromoji
 * analyses every clause (up to and including 、 or 。) on its own, so a clause seen before has the
 * same lemmas wherever it occurs (subtitles and manuals repeat many).
 */
export function createLemmatizer(analyzer: Analyzer, maxClauses = 200_000): (normalized: string) => string[] {
  const clauses = new Map<string, string[]>();
  return (normalized) => {
    const out: string[] = [];
    for (const [start, end] of clauseSpans(normalized)) {
      const clause = normalized.slice(start, end);
      let lemmas = clauses.get(clause);
      if (!lemmas) {
        lemmas = analyzer.analyze(clause).map(lemmaOf);
        if (clauses.size >= maxClauses) clauses.clear();
        clauses.set(clause, lemmas);
      }
      for (const lemma of lemmas) out.push(lemma);
    }
    return out;
  };
}
