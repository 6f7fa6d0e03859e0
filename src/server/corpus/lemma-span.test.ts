import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findLemmaSpan, findLemmaSpanIn, lemmaOf, loadAnalyzer, type Analyzer } from './lemma';
import { normalize } from './normalize';

const prose = fs.readFileSync(path.join(import.meta.dirname, '../../../test-support/fixtures/ja-manpages-prose.txt'), 'utf8');
const sentences = prose
  .split(/(?<=。)|\n/)
  .map((line) => normalize(line.trim()))
  .filter((line) => line.length > 4);

let analyzer: Analyzer;

beforeAll(async () => {
  analyzer = await loadAnalyzer();
});

describe('findLemmaSpanIn', () => {
  it('finds, clause by clause, the span the whole sentence analysis finds', () => {
    // Phrases of one, two and three lemmas taken from the text itself, verbs that inflect among them.
    const phrases = new Set<string>();
    for (const sentence of sentences.slice(0, 120)) {
      const lemmas = analyzer.analyze(sentence).map(lemmaOf);
      for (let i = 0; i < lemmas.length; i += 5) for (const length of [1, 2, 3]) if (i + length <= lemmas.length) phrases.add(lemmas.slice(i, i + length).join('\u0000'));
    }
    let found = 0;
    let clauseLater = 0;
    for (const phrase of phrases) {
      const lemmas = phrase.split('\u0000');
      for (const sentence of sentences) {
        const whole = findLemmaSpan(analyzer.analyze(sentence), lemmas);
        expect(findLemmaSpanIn(analyzer, sentence, lemmas), `${lemmas.join('+')} in ${sentence}`).toEqual(whole);
        if (whole) found++;
        if (whole && sentence.slice(0, whole[0]).includes('、')) clauseLater++;
      }
    }
    expect(found).toBeGreaterThan(1000);
    expect(clauseLater).toBeGreaterThan(100);
  });
});
