import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';
import { charToken, normalize } from './normalize';

/** One morpheme of a normalised sentence, with its offsets in that normalised text. */
export interface Morpheme {
  surface: string;
  /** Dictionary form (the lemma): 食べ → 食べる, 行っ → 行く. */
  base: string;
  pos: string;
  posDetail: string;
  start: number;
  end: number;
}

export interface Analyzer {
  analyze(normalized: string): Morpheme[];
}

const require = createRequire(import.meta.url);

export function kuromojiDictPath(): string {
  return path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict') + path.sep;
}

let loading: Promise<Analyzer> | null = null;

/** kuromoji with its IPADIC dictionary; loaded once per thread (about a second, ~100 MB). */
export function loadAnalyzer(): Promise<Analyzer> {
  loading ??= new Promise<Analyzer>((resolve, reject) => {
    kuromoji.builder({ dicPath: kuromojiDictPath() }).build((error, tokenizer) => {
      if (error) {
        loading = null;
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      resolve({
        analyze(normalized) {
          const morphemes: Morpheme[] = [];
          for (const token of tokenizer.tokenize(normalized)) {
            if (token.pos_detail_1 === '空白' || token.surface_form.trim() === '') continue;
            const start = token.word_position - 1;
            morphemes.push({
              surface: token.surface_form,
              base: token.basic_form && token.basic_form !== '*' ? token.basic_form : token.surface_form,
              pos: token.pos,
              posDetail: token.pos_detail_1,
              start,
              end: start + token.surface_form.length,
            });
          }
          return morphemes;
        },
      });
    });
  });
  return loading;
}

/** A lemma as one token of the FTS5 `ascii`-tokenized lemma index. */
export function lemmaToken(base: string): string {
  let out = '';
  for (const char of normalize(base)) out += charToken(char);
  return out;
}

/** The lemma index's text for a sentence: its lemmas in order, space separated. */
export function lemmaText(morphemes: Morpheme[]): string {
  return morphemes.map((morpheme) => lemmaToken(morpheme.base)).join(' ');
}

/**
 * Where the query's lemma sequence occurs among a sentence's morphemes, as a span of the
 * normalised text; the span runs on over auxiliaries and verb suffixes, so the key of 食べる in
 * 食べさせられる is the whole 食べさせられる.
 */
export function findLemmaSpan(morphemes: Morpheme[], queryLemmas: string[]): [number, number] | null {
  outer: for (let i = 0; i + queryLemmas.length <= morphemes.length; i++) {
    for (let k = 0; k < queryLemmas.length; k++) {
      if (lemmaToken(morphemes[i + k].base) !== queryLemmas[k]) continue outer;
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

function isInflectionTail(morpheme: Morpheme): boolean {
  if (morpheme.pos === '助動詞') return true;
  if (morpheme.pos === '動詞' && (morpheme.posDetail === '接尾' || morpheme.posDetail === '非自立')) return true;
  return morpheme.pos === '助詞' && morpheme.posDetail === '接続助詞' && (morpheme.surface === 'て' || morpheme.surface === 'で');
}
