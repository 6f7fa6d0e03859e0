import { hasKanji, kanjiPattern as kanji, type ReadingToken } from '../../common/reading';
import type { Analyzer, Morpheme } from './lemma';
import { normalizeWithMap, originalSpan } from './normalize';

const kanjiRun = /([\p{Script=Han}々〆ヶヵ]+)/u;

/** Katakana to hiragana (ヴ ヵ ヶ included); everything else as it is. */
export function toHiragana(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += code >= 0x30a1 && code <= 0x30f6 ? String.fromCharCode(code - 0x60) : text[i];
  }
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A word over its reading, cut so that each ruby covers kanji only: 食べる/たべる →
 * 食(た) べる, 取り扱い/とりあつかい → 取(と) り 扱(あつか) い. When the kana of the word cannot be
 * found in the reading (an irregular reading), the whole word carries it.
 */
export function alignReading(surface: string, reading: string, out: ReadingToken[]): void {
  const parts = surface.split(kanjiRun).filter(Boolean);
  if (parts.length > 1) {
    const pattern = new RegExp(`^${parts.map((part) => (kanji.test(part) ? '(.+?)' : escape(toHiragana(part)))).join('')}$`, 'u');
    const match = pattern.exec(reading);
    if (match) {
      let group = 1;
      for (const part of parts) {
        if (kanji.test(part)) out.push({ surface: part, reading: match[group++] });
        else out.push({ surface: part });
      }
      return;
    }
  }
  out.push(reading === surface ? { surface } : { surface, reading });
}

const numeral = /^[〇一二三四五六七八九十百千万何]+$/u;
const doubled: Record<string, string> = { 一: 'いっ', 六: 'ろっ', 八: 'はっ', 十: 'じゅっ' };
const days: Record<string, string> = { 二: 'ふつか', 三: 'みっか', 四: 'よっか', 五: 'いつか', 六: 'むいか', 七: 'なのか', 八: 'ようか', 九: 'ここのか', 十: 'とおか', 十四: 'じゅうよっか', 二十: 'はつか', 二十四: 'にじゅうよっか' };
const voiced: Record<string, string> = { は: 'ば', ひ: 'び', ふ: 'ぶ', へ: 'べ', ほ: 'ぼ' };
const halfVoiced: Record<string, string> = { は: 'ぱ', ひ: 'ぴ', ふ: 'ぷ', へ: 'ぺ', ほ: 'ぽ' };

/**
 * A number and its counter as one word: IPADIC reads them apart (一/イチ 人/ニン), which gives a
 * learner いちにん, さんほん, ろくぷん. The sound changes of the common counters, by the last numeral;
 * null when the plain joined reading is right.
 */
export function counterReading(numerals: readonly string[], numeralReadings: readonly string[], counter: string, counterReading: string): string | null {
  const text = numerals.join('');
  const last = numerals.at(-1)!;
  const head = numeralReadings.slice(0, -1).join('');
  const lastReading = numeralReadings.at(-1)!;
  const first = counterReading[0];
  const rest = counterReading.slice(1);
  if (counter === '人') {
    if (text === '一') return 'ひとり';
    if (text === '二') return 'ふたり';
    return last === '四' ? `${head}よにん` : null;
  }
  if (counter === '日') return days[text] ?? null;
  if (counter === '時' || counter === '月' || counter === '年') {
    const special = ({ 時: { 四: 'よ', 七: 'しち', 九: 'く' }, 月: { 四: 'し', 七: 'しち', 九: 'く' }, 年: { 四: 'よ' } } as Record<string, Record<string, string>>)[counter][last];
    return special ? `${head}${special}${counterReading}` : null;
  }
  if (first in halfVoiced) {
    if (last in doubled) return `${head}${doubled[last]}${halfVoiced[first]}${rest}`;
    if (counter === '分' && (last === '三' || last === '四' || last === '何')) return `${head}${last === '四' ? 'よん' : lastReading}ぷん`;
    if (last === '三' || last === '何') return `${head}${lastReading}${voiced[first]}${rest}`;
    return null;
  }
  if ('かきくけこさしすせそたちつてと'.includes(first) && last in doubled && !(last === '六' && 'さしすせそたちつてと'.includes(first))) return `${head}${doubled[last]}${counterReading}`;
  if (counter === '階' && (last === '三' || last === '何')) return `${head}${lastReading}がい`;
  return null;
}

/** Where a number and its counter start at morphemes[i]: the index of the counter, and the word's reading. */
function counterAt(morphemes: readonly Morpheme[], i: number): { counter: number; reading: string } | null {
  const before = morphemes[i - 1];
  if (before && before.posDetail === '数' && before.end === morphemes[i].start) return null;
  let k = i;
  while (k < morphemes.length && morphemes[k].posDetail === '数' && numeral.test(morphemes[k].surface) && morphemes[k].reading && (k === i || morphemes[k].start === morphemes[k - 1].end)) k++;
  const counter = morphemes[k];
  if (k === i || !counter || counter.posDetail !== '接尾' || !counter.reading || counter.start !== morphemes[k - 1].end || !hasKanji(counter.surface)) return null;
  const run = morphemes.slice(i, k);
  const reading = counterReading(
    run.map((m) => m.surface),
    run.map((m) => toHiragana(m.reading!)),
    counter.surface,
    toHiragana(counter.reading),
  );
  return reading ? { counter: k, reading } : null;
}

/**
 * A text's tokens with readings (docs/api.md "Furigana"): the analyser reads the normalised text
 * (half-width kana, full-width Latin), the surfaces are cut from the original, so joining them
 * gives the text back exactly; what the analyser skips (spaces) comes as tokens without reading.
 */
export function readingTokens(analyzer: Analyzer, text: string): ReadingToken[] {
  if (text === '') return [];
  const map = normalizeWithMap(text);
  const out: ReadingToken[] = [];
  let at = 0;
  const morphemes = analyzer.analyze(map.text);
  for (let i = 0; i < morphemes.length; i++) {
    const morpheme = morphemes[i];
    const counted = morpheme.posDetail === '数' ? counterAt(morphemes, i) : null;
    const [from, to] = originalSpan(map, morpheme.start, counted ? morphemes[counted.counter].end : morpheme.end);
    if (to <= at) continue;
    const start = Math.max(from, at);
    if (start > at) out.push({ surface: text.slice(at, start) });
    const surface = text.slice(start, to);
    at = to;
    if (counted) {
      i = counted.counter;
      out.push(start === from && hasKanji(surface) ? { surface, reading: counted.reading } : { surface });
    }
    // An unknown word gets no reading rather than a wrong one; so does a piece cut off by the map.
    else if (!morpheme.reading || start !== from || !hasKanji(surface)) out.push({ surface });
    else if (surface === morpheme.surface) alignReading(surface, toHiragana(morpheme.reading), out);
    else out.push({ surface, reading: toHiragana(morpheme.reading) });
  }
  if (at < text.length) out.push({ surface: text.slice(at) });
  return out;
}
