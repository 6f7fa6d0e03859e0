import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureTexts } from '../../../test-support/shonagon-fixture';
import { readManpages } from '../../../test-support/manpages-ja';
import { fastAnalyzer, loadDictionary, type FastAnalyzer } from './analyzer';
import { createLemmatizer, kuromojiDictPath, lemmaOf, loadKuromoji } from './lemma';
import { normalize } from './normalize';

type Tokenizer = Awaited<ReturnType<typeof loadKuromoji>>;
let tokenizer: Tokenizer;
let fast: FastAnalyzer;

/** kuromoji's own answer, read the way the corpus read it before analyzer.ts. */
function reference(text: string) {
  return tokenizer
    .tokenize(text)
    .filter((token) => token.pos_detail_1 !== '空白' && token.surface_form.trim() !== '')
    .map((token) => ({
      surface: token.surface_form,
      base: token.basic_form && token.basic_form !== '*' ? token.basic_form : token.surface_form,
      pos: token.pos,
      posDetail: token.pos_detail_1,
    }));
}

const prose = fs.readFileSync(path.join(import.meta.dirname, '../../../test-support/fixtures/ja-manpages-prose.txt'), 'utf8');

beforeAll(async () => {
  tokenizer = await loadKuromoji();
  fast = fastAnalyzer(loadDictionary(kuromojiDictPath()));
});

// kuromoji's dictionary takes seconds to load on a busy machine.
describe('fast analyser', { timeout: 120_000 }, () => {
  it('gives kuromoji’s morphemes, token for token, on real prose', () => {
    const texts = [...fixtureTexts.map((fixture) => fixture.text), ...prose.split('\n'), ...readManpages(40).flatMap((page) => page.split('\n'))].map(normalize).filter(Boolean);
    expect(texts.length).toBeGreaterThan(500);
    let tokens = 0;
    for (const text of texts) {
      const expected = reference(text);
      const got = fast.analyze(text);
      expect(got.map(({ surface, base, pos, posDetail }) => ({ surface, base, pos, posDetail })), text).toEqual(expected);
      // Offsets are the text's own (kuromoji's word_position slips by one after a clause whose last token is longer than one character).
      for (const morpheme of got) expect(text.slice(morpheme.start, morpheme.end), text).toBe(morpheme.surface);
      tokens += expected.length;
    }
    expect(tokens).toBeGreaterThan(10_000);
  });

  it('agrees on the edges: Latin, digits, spaces, runs of punctuation, unknown words, surrogate pairs', () => {
    for (const text of ['', '、、。。', 'ls -la /tmp と入力する。', '2024年4月1日、ｱｲｳｴｵを見た', 'ぴかぴかぴかぴかぴかぴか', 'ＡＢＣ　ｄｅｆ。', '𠮷野家で🍣を食べた。', '🍣🍣🍣、𠮷', 'x'.repeat(300)].map(normalize)) {
      const expected = reference(text);
      const got = fast.analyze(text);
      expect(got.map(({ surface, base, pos, posDetail }) => ({ surface, base, pos, posDetail })), text).toEqual(expected);
      for (const morpheme of got) expect(text.slice(morpheme.start, morpheme.end), text).toBe(morpheme.surface);
    }
  });

  it('remembers clauses without changing a lemma', () => {
    const lemmatize = createLemmatizer(fast, 50);
    for (const text of [...prose.split('\n'), ...prose.split('\n')].map(normalize)) expect(lemmatize(text), text).toEqual(fast.analyze(text).map(lemmaOf));
  });
});
