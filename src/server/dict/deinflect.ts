/**
 * Japanese de-inflection: turns a conjugated verb or adjective back into candidate dictionary
 * forms, each with the word class it must have and the conjugations that were undone. Candidates
 * are only guesses; the lookup keeps those whose entry has a matching part of speech.
 *
 * Each rule rewrites a suffix. `in` is the class the conjugated form itself has (what later
 * rules may have produced it as); `out` the class of the result. The query starts with every
 * class, so any rule may apply to it first.
 */

export const WordClass = {
  /** Ichidan verbs, and the auxiliaries that conjugate like them (-rareru, -saseru, -te iru). */
  v1: 1 << 0,
  v5: 1 << 1,
  vs: 1 << 2,
  vk: 1 << 3,
  adjI: 1 << 4,
  /** Intermediate forms that are never dictionary forms. */
  te: 1 << 5,
  ta: 1 << 6,
  stem: 1 << 7,
  masu: 1 << 8,
  zu: 1 << 9,
  /** Forms that nothing conjugates further: only the query itself can be one. */
  final: 1 << 10,
  /** Na-adjectives (静か, きれい): found behind な, に and the copula forms. */
  adjNa: 1 << 11,
  /** A negative form whose ない an outer rule (obligation) has consumed; never a dictionary form. */
  nai: 1 << 12,
} as const;

const { v1, v5, vs, vk, adjI, te, ta, stem, masu, zu, final, adjNa, nai } = WordClass;
export const dictionaryClasses = v1 | v5 | vs | vk | adjI | adjNa;
const anyClass = (1 << 13) - 1;

/** Maps an entry's EDICT part-of-speech codes to the classes a de-inflected form may match. */
export function posClassMask(pos: Iterable<string>): number {
  let mask = 0;
  for (const tag of pos) {
    if (tag === 'v1' || tag === 'v1-s') mask |= v1;
    else if (tag.startsWith('v5')) mask |= v5;
    else if (tag === 'vs' || tag === 'vs-i' || tag === 'vs-s') mask |= vs;
    else if (tag === 'vk') mask |= vk;
    else if (tag === 'adj-i' || tag === 'adj-ix') mask |= adjI;
    else if (tag === 'adj-na') mask |= adjNa;
  }
  return mask;
}

interface Rule {
  from: string;
  to: string;
  in: number;
  out: number;
  reason: string;
  /** A plain step (te-form, past, masu stem) that is not named when an outer rule consumed it. */
  quiet?: boolean;
  /**
   * For a te-form + auxiliary verb (て + もらう): how many characters of `from` belong to the
   * first word. A phrase is split there, so 見せてもらいました steps through 見せて and もらいました.
   */
  split?: number;
}

const rules: Rule[] = [];
function add(reason: string, inClass: number, outClass: number, pairs: Array<[string, string]>, quiet = false, split?: number) {
  for (const [from, to] of pairs) rules.push({ from, to, in: inClass, out: outClass, reason, quiet, split });
}

// Godan endings by row: dictionary ending → [a, i, e, o] row kana.
const godan: Array<[string, string, string, string, string]> = [
  ['う', 'わ', 'い', 'え', 'お'],
  ['く', 'か', 'き', 'け', 'こ'],
  ['ぐ', 'が', 'ぎ', 'げ', 'ご'],
  ['す', 'さ', 'し', 'せ', 'そ'],
  ['つ', 'た', 'ち', 'て', 'と'],
  ['ぬ', 'な', 'に', 'ね', 'の'],
  ['ぶ', 'ば', 'び', 'べ', 'ぼ'],
  ['む', 'ま', 'み', 'め', 'も'],
  ['る', 'ら', 'り', 'れ', 'ろ'],
];
const aRow = (suffix: string) => godan.map(([u, a]) => [a + suffix, u] as [string, string]);
const eRow = (suffix: string) => godan.map(([u, , , e]) => [e + suffix, u] as [string, string]);

/** Te and ta forms share their sound changes: 書いて/書いた, 読んで/読んだ, 行って/行った. */
function teTa(t: 'て' | 'た', reason: string, inClass: number) {
  const d = t === 'て' ? 'で' : 'だ';
  add(reason, inClass, v1, [[t, 'る']], true);
  add(reason, inClass, v5, [
    ['い' + t, 'く'], ['い' + d, 'ぐ'], ['し' + t, 'す'], ['っ' + t, 'う'], ['っ' + t, 'つ'], ['っ' + t, 'る'],
    ['ん' + d, 'ぬ'], ['ん' + d, 'ぶ'], ['ん' + d, 'む'], ['行っ' + t, '行く'], ['いっ' + t, 'いく'],
    ['逝っ' + t, '逝く'], ['往っ' + t, '往く'], ['問う' + t, '問う'], ['こう' + t, 'こう'], ['請う' + t, '請う'],
  ], true);
  add(reason, inClass, vs, [['し' + t, 'する']], true);
  add(reason, inClass, vk, [['来' + t, '来る'], ['き' + t, 'くる'], ['來' + t, '來る']], true);
}

teTa('て', 'te-form', te);
teTa('た', 'past', ta);
add('te-form', te, adjI, [['くて', 'い']], true);
add('past', ta, adjI, [['かった', 'い']], true);

// Masu stem (連用形): the base of -masu, -tai, -sou, -sugiru, -nagara, -nasai.
// くる before godan く: 帰ってきます is 帰ってくる (coming), not the contraction 帰ってく.
add('masu stem', stem, vk, [['来', '来る'], ['き', 'くる']], true);
add('masu stem', stem, v1, [['', 'る']], true);
add('masu stem', stem, v5, godan.map(([u, , i]) => [i, u]), true);
add('masu stem', stem, vs, [['し', 'する']], true);

add('polite', masu, stem, [['ます', '']], true);
add('polite past', ta, masu, [['ました', 'ます']]);
add('polite negative', final, masu, [['ません', 'ます']]);
add('polite past negative', final, masu, [['ませんでした', 'ます']]);
add('polite volitional', final, masu, [['ましょう', 'ます']]);
add('polite te-form', te, masu, [['まして', 'ます']]);

/** Negative forms: `inClass` adjI when the result conjugates on (食べなかった), nai when an obligation consumed it. */
function negative(inClass: number, quiet: boolean) {
  add('negative', inClass, v1, [['ない', 'る']], quiet);
  add('negative', inClass, v5, aRow('ない'), quiet);
  add('negative', inClass, vs, [['しない', 'する']], quiet);
  add('negative', inClass, vk, [['来ない', '来る'], ['こない', 'くる']], quiet);
  add('negative', inClass, adjI, [['くない', 'い']], quiet);
}
negative(adjI, false);
negative(nai, true);
add('negative te-form', te, nai, [['ないで', 'ない']]);

add('-zu (negative)', zu, v1, [['ず', 'る']], true);
add('-zu (negative)', zu, v5, aRow('ず'), true);
add('-zu (negative)', zu, vs, [['せず', 'する']], true);
add('-zu (negative)', zu, vk, [['来ず', '来る'], ['こず', 'くる']], true);
add('-zu ni (without doing)', final, zu, [['ずに', 'ず']]);

add('desire (-tai)', adjI, stem, [['たい', '']]);
add('ease (-yasui)', adjI, stem, [['やすい', ''], ['易い', '']]);
add('difficulty (-nikui)', adjI, stem, [['にくい', ''], ['難い', ''], ['づらい', ''], ['辛い', '']]);
// ～そう conjugates as a na-adjective: 降りそうな, 高そうです.
add('appearance (-sou)', adjNa, stem, [['そう', '']]);
add('appearance (-sou)', adjNa, adjI, [['そう', 'い']]);
add('appearance (-sou)', adjNa, adjI, [['さそう', 'い']]);
add('excess (-sugiru)', v1, stem, [['すぎる', ''], ['過ぎる', '']]);
add('excess (-sugiru)', v1, adjI, [['すぎる', 'い'], ['過ぎる', 'い']]);
add('excess (-sugiru)', v1, adjNa, [['すぎる', ''], ['過ぎる', '']]);
add('appearance (-sou)', adjNa, adjNa, [['そう', '']]);
add('while (-nagara)', final, stem, [['ながら', '']]);
add('imperative (-nasai)', final, stem, [['なさい', '']]);

add('potential', v1, v5, eRow('る'));
add('potential or passive', v1, v1, [['られる', 'る']]);
add('potential (colloquial)', v1, v1, [['れる', 'る']]);
add('potential', v1, vs, [['できる', 'する'], ['出来る', 'する']]);
add('potential or passive', v1, vk, [['来られる', '来る'], ['こられる', 'くる']]);
add('potential (colloquial)', v1, vk, [['来れる', '来る'], ['これる', 'くる']]);

add('passive', v1, v5, aRow('れる'));
add('passive', v1, vs, [['される', 'する']]);

add('causative', v1, v1, [['させる', 'る']]);
add('causative', v1, v5, aRow('せる'));
add('causative', v1, vs, [['させる', 'する']]);
add('causative', v1, vk, [['来させる', '来る'], ['こさせる', 'くる']]);
add('causative passive', v1, v5, godan.filter(([u]) => u !== 'す').map(([u, a]) => [a + 'される', u]));

add('volitional', final, v1, [['よう', 'る']]);
add('volitional', final, v5, godan.map(([u, , , , o]) => [o + 'う', u]));
add('volitional', final, vs, [['しよう', 'する']]);
add('volitional', final, vk, [['来よう', '来る'], ['こよう', 'くる']]);

add('imperative', final, v1, [['ろ', 'る'], ['よ', 'る']]);
add('imperative', final, v5, godan.map(([u, , , e]) => [e, u]));
add('imperative', final, vs, [['しろ', 'する'], ['せよ', 'する']]);
add('imperative', final, vk, [['来い', '来る'], ['こい', 'くる']]);

add('conditional (-ba)', final, v1 | v5, [['れば', 'る']]);
add('conditional (-ba)', final, v5, eRow('ば').filter(([from]) => from !== 'れば'));
add('conditional (-ba)', final, vs, [['すれば', 'する']]);
add('conditional (-ba)', final, vk, [['来れば', '来る'], ['くれば', 'くる']]);
add('conditional (-ba)', final, adjI, [['ければ', 'い']]);
add('conditional (-tara)', final, ta, [['たら', 'た'], ['だら', 'だ']]);
add('alternative (-tari)', final, ta, [['たり', 'た'], ['だり', 'だ']]);

add('adverbial (-ku)', final, adjI, [['く', 'い']]);
add('noun (-sa)', final, adjI, [['さ', 'い']]);
// 高いです, 食べないです, 高かったです: です after an i-adjective only adds politeness.
add('polite (-desu)', final, adjI | ta, [['です', '']]);

// Na-adjectives: 静かな町, 静かに, きれいだった, 静かではない.
add('attributive (-na)', final, adjNa, [['な', '']]);
add('adverbial (-ni)', final, adjNa, [['に', '']]);
add('noun (-sa)', final, adjNa, [['さ', '']]);
add('copula (da)', final, adjNa, [['だ', '']]);
add('copula past (datta)', final, adjNa, [['だった', '']]);
add('copula te-form (de)', final, adjNa, [['で', '']]);
add('polite copula (desu)', final, adjNa, [['です', '']]);
add('polite copula past (deshita)', final, adjNa, [['でした', '']]);
add('presumptive (darou)', final, adjNa, [['だろう', ''], ['でしょう', '']]);
add('conditional (nara)', final, adjNa, [['なら', ''], ['だったら', '']]);
add('negative', adjI, adjNa, [['じゃない', ''], ['ではない', '']]);
add('polite negative', final, adjNa, [['じゃありません', ''], ['ではありません', '']]);

// Obligation: 行かなければならない, しなきゃ. The negative it rests on is not named separately.
add('obligation (-nakereba naranai)', adjI, nai, [
  ['なければならない', 'ない'], ['なければいけない', 'ない'], ['なくてはならない', 'ない'], ['なくてはいけない', 'ない'],
  ['なくちゃいけない', 'ない'], ['なくちゃならない', 'ない'], ['なきゃいけない', 'ない'], ['なきゃならない', 'ない'],
  ['ないといけない', 'ない'], ['なければならぬ', 'ない'],
]);
add('obligation (-nakereba narimasen)', final, nai, [
  ['なければなりません', 'ない'], ['なければいけません', 'ない'], ['なくてはなりません', 'ない'], ['なくてはいけません', 'ない'],
  ['ないといけません', 'ない'],
]);
add('obligation (-nakya, colloquial)', final, nai, [['なきゃ', 'ない'], ['なくちゃ', 'ない']]);
add('prohibition (-te wa ikenai)', adjI, te, [['てはいけない', 'て'], ['ではいけない', 'で'], ['ちゃいけない', 'て'], ['じゃいけない', 'で']]);
add('prohibition (-te wa ikenai)', final, te, [['てはいけません', 'て'], ['ではいけません', 'で'], ['ちゃだめ', 'て'], ['じゃだめ', 'で']]);

// Te-form + auxiliary verb. The auxiliaries written out in full are words of their own in a phrase
// (split after the て); the contractions (てる, ちゃう, とく, てく) stay one word.
for (const t of ['て', 'で'] as const) {
  const pairs = (...auxiliaries: string[]) => auxiliaries.map((aux): [string, string] => [t + aux, t]);
  add('progressive (-te iru)', v1, te, pairs('いる', '居る'), false, 1);
  add('progressive (-te iru)', v1, te, pairs('る'));
  add('completion (-te shimau)', v5, te, pairs('しまう', '仕舞う'), false, 1);
  add('preparation (-te oku)', v5, te, pairs('おく', '置く'), false, 1);
  add('attempt (-te miru)', v1, te, pairs('みる', '見る'), false, 1);
  add('resulting state (-te aru)', v5, te, pairs('ある', '有る'), false, 1);
  add('request (-te kudasai)', final, te, pairs('ください', '下さい'), false, 1);
  add('favour received (-te morau)', v5, te, pairs('もらう', '貰う', 'いただく', '頂く'), false, 1);
  add('favour given (-te kureru)', v1, te, pairs('くれる', '呉れる'), false, 1);
  add('favour given (-te kudasaru)', v5, te, pairs('くださる', '下さる'), false, 1);
  add('favour done (-te ageru)', v1, te, pairs('あげる', '上げる'), false, 1);
  add('favour done (-te yaru)', v5, te, pairs('やる'), false, 1);
  add('going on (-te iku)', v5, te, pairs('いく', '行く'), false, 1);
  add('going on (-te iku)', v5, te, pairs('く'));
  add('coming (-te kuru)', vk, te, pairs('くる', '来る'), false, 1);
  add('even if (-te mo)', final, te, pairs('も'));
}
add('completion (-chau)', v5, te, [['ちゃう', 'て'], ['じゃう', 'で'], ['ちまう', 'て'], ['じまう', 'で']]);
add('preparation (-toku)', v5, te, [['とく', 'て'], ['どく', 'で']]);

export interface Deinflection {
  word: string;
  /** Classes the dictionary entry must have (bits of WordClass); the query itself has all. */
  classes: number;
  /** Conjugations undone, innermost (nearest the dictionary form) first. */
  rules: string[];
  /**
   * Where the first word of the query ends when a te-form + auxiliary was undone
   * (見せてもらいました → 3, after 見せて); absent when the query is one word.
   */
  split?: number;
  /** With `split`: the auxiliary's dictionary form, the next word (もらう). */
  next?: string;
}

const maxDepth = 8;
const maxCandidates = 400;

/**
 * Every character a rule can remove. A conjugated word is a dictionary key's prefix followed by
 * such characters only, which bounds how far a phrase scan needs to look.
 */
export const inflectionChars: ReadonlySet<string> = new Set(rules.flatMap((rule) => [...rule.from]));

/** Rules by the last character of `from`, so a candidate meets only the rules that can apply. */
const rulesByLast = new Map<string, Rule[]>();
const rulesForAny: Rule[] = [];
for (const rule of rules) {
  if (rule.from === '') rulesForAny.push(rule);
  else {
    const last = rule.from.slice(-1);
    let list = rulesByLast.get(last);
    if (!list) rulesByLast.set(last, (list = []));
    list.push(rule);
  }
}

/**
 * Every way `word` could be a conjugation, the word itself first. Candidates whose classes are
 * only intermediate ones are dropped.
 */
export function deinflect(word: string): Deinflection[] {
  interface Step {
    word: string;
    classes: number;
    chain: Rule[];
    split?: number;
    next?: string;
  }
  const seen = new Map<string, number>();
  const queue: Step[] = [{ word, classes: anyClass, chain: [] }];
  const results: Deinflection[] = [{ word, classes: anyClass, rules: [] }];
  seen.set(word, anyClass);
  for (let index = 0; index < queue.length && queue.length < maxCandidates; index++) {
    const step = queue[index];
    if (step.chain.length >= maxDepth) continue;
    const candidates = rulesByLast.get(step.word.slice(-1));
    for (const rule of candidates ? [...candidates, ...rulesForAny] : rulesForAny) {
      if ((step.classes & rule.in) === 0 || !step.word.endsWith(rule.from)) continue;
      const kept = step.word.length - rule.from.length;
      const next = step.word.slice(0, kept) + rule.to;
      if (next === '' || next === step.word) continue;
      const known = seen.get(next) ?? 0;
      if ((known & rule.out) === rule.out) continue;
      seen.set(next, known | rule.out);
      const chain = [...step.chain, rule];
      let { split, next: auxiliary } = step;
      // Outer rules rewrote only what follows the て, so the first word is still the query's own text.
      if (rule.split !== undefined && word.startsWith(step.word.slice(0, kept + rule.split))) {
        split = kept + rule.split;
        auxiliary = rule.from.slice(rule.split);
      }
      queue.push({ word: next, classes: rule.out, chain, split, next: auxiliary });
      if ((rule.out & dictionaryClasses) !== 0) {
        const result: Deinflection = { word: next, classes: rule.out & dictionaryClasses, rules: describe(chain) };
        if (split !== undefined) Object.assign(result, { split, next: auxiliary });
        results.push(result);
      }
    }
  }
  return results;
}
/** Chain (outermost first) → names innermost first, leaving out plain steps an outer rule consumed. */
function describe(chain: Rule[]): string[] {
  const names: string[] = [];
  for (let index = chain.length - 1; index >= 0; index--) {
    const rule = chain[index];
    if (rule.quiet && index > 0) continue;
    if (names[names.length - 1] !== rule.reason) names.push(rule.reason);
  }
  return names;
}
