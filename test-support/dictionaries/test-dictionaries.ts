// The dictionaries the e2e tests import: small, built from real data in a few seconds.
import { buildChinese, chineseEntries, chineseTitle } from './chinese';
import { buildFrequency, frequencyTitle } from './frequency';
import { buildEveryForm, buildFormatOne, buildFormatTwo, everyFormTitle, formatOneTitle, formatTwoTitle } from './handmade';
import { buildJitendexLike } from './jitendex-like';
import { buildKanjidic, kanjidicTestTitle } from './kanjidic';
import { buildPitch, pitchTitle, pitchWords } from './pitch';

/** The words the small dictionaries hold: those of the pitch and Chinese tables, a few written in kana only, and conjugating ones. */
export const testWords: readonly string[] = [
  ...new Set([...pitchWords.map((word) => word.term), ...chineseEntries.map(([term]) => term), '読む', '変更', '削除', '信ずる', 'する', 'テレビ', 'コーヒー', 'パン', 'ホテル', 'ラーメン']),
];

export interface TestDictionaries {
  jitendex: string;
  kanjidic: string;
  pitch: string;
  frequency: string;
  chinese: string;
  everyForm: string;
  formatOne: string;
  formatTwo: string;
}

/** The title each small dictionary is listed under. */
export const testDictionaryTitles: Readonly<Record<keyof TestDictionaries, string>> = {
  jitendex: 'Jitendex-like (EDICT, test words)',
  kanjidic: kanjidicTestTitle,
  pitch: pitchTitle,
  frequency: frequencyTitle,
  chinese: chineseTitle,
  everyForm: everyFormTitle,
  formatOne: formatOneTitle,
  formatTwo: formatTwoTitle,
};

/** Builds every small dictionary into `dir`; answers their paths. */
export function buildTestDictionaries(dir: string): TestDictionaries {
  const kanji = [...new Set(testWords.join('').match(/[\u3400-\u9fff]/gu) ?? [])];
  return {
    jitendex: buildJitendexLike({ dir, words: testWords, title: testDictionaryTitles.jitendex, exampleBytes: 1_000_000 }).path,
    kanjidic: buildKanjidic({ dir, characters: kanji }).path,
    pitch: buildPitch(dir).path,
    frequency: buildFrequency({ dir, words: testWords }).path,
    chinese: buildChinese(dir).path,
    everyForm: buildEveryForm(dir),
    formatOne: buildFormatOne(dir),
    formatTwo: buildFormatTwo(dir),
  };
}
