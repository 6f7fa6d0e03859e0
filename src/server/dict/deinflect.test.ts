import { describe, expect, it } from 'vitest';
import { WordClass, deinflect, posClassMask } from './deinflect';

const { v1, v5, vs, vk, adjI, adjNa } = WordClass;

// [conjugated form, dictionary form, word class the entry must have, conjugations innermost first]
const table: Array<[string, string, number, string[]]> = [
  ['食べた', '食べる', v1, ['past']],
  ['食べて', '食べる', v1, ['te-form']],
  ['食べない', '食べる', v1, ['negative']],
  ['食べなかった', '食べる', v1, ['negative', 'past']],
  ['食べます', '食べる', v1, ['polite']],
  ['食べました', '食べる', v1, ['polite past']],
  ['食べません', '食べる', v1, ['polite negative']],
  ['食べませんでした', '食べる', v1, ['polite past negative']],
  ['食べましょう', '食べる', v1, ['polite volitional']],
  ['食べている', '食べる', v1, ['progressive (-te iru)']],
  ['食べてる', '食べる', v1, ['progressive (-te iru)']],
  ['食べていた', '食べる', v1, ['progressive (-te iru)', 'past']],
  ['食べられる', '食べる', v1, ['potential or passive']],
  ['食べれる', '食べる', v1, ['potential (colloquial)']],
  ['食べさせる', '食べる', v1, ['causative']],
  ['食べさせられる', '食べる', v1, ['causative', 'potential or passive']],
  ['食べよう', '食べる', v1, ['volitional']],
  ['食べろ', '食べる', v1, ['imperative']],
  ['食べたい', '食べる', v1, ['desire (-tai)']],
  ['食べたくない', '食べる', v1, ['desire (-tai)', 'negative']],
  ['食べたかった', '食べる', v1, ['desire (-tai)', 'past']],
  ['食べれば', '食べる', v1, ['conditional (-ba)']],
  ['食べたら', '食べる', v1, ['conditional (-tara)']],
  ['食べず', '食べる', v1, ['-zu (negative)']],
  ['食べずに', '食べる', v1, ['-zu ni (without doing)']],
  ['食べそう', '食べる', v1, ['appearance (-sou)']],
  ['食べすぎる', '食べる', v1, ['excess (-sugiru)']],
  ['食べ過ぎた', '食べる', v1, ['excess (-sugiru)', 'past']],
  ['食べながら', '食べる', v1, ['while (-nagara)']],
  ['食べてしまった', '食べる', v1, ['completion (-te shimau)', 'past']],
  ['食べちゃった', '食べる', v1, ['completion (-chau)', 'past']],
  ['食べてください', '食べる', v1, ['request (-te kudasai)']],
  ['書いた', '書く', v5, ['past']],
  ['書いて', '書く', v5, ['te-form']],
  ['書かない', '書く', v5, ['negative']],
  ['書きます', '書く', v5, ['polite']],
  ['書かれている', '書く', v5, ['passive', 'progressive (-te iru)']],
  ['書ける', '書く', v5, ['potential']],
  ['書かせる', '書く', v5, ['causative']],
  ['書かされた', '書く', v5, ['causative passive', 'past']],
  ['書こう', '書く', v5, ['volitional']],
  ['書け', '書く', v5, ['imperative']],
  ['書けば', '書く', v5, ['conditional (-ba)']],
  ['書きたい', '書く', v5, ['desire (-tai)']],
  ['書かず', '書く', v5, ['-zu (negative)']],
  ['書きなさい', '書く', v5, ['imperative (-nasai)']],
  ['泳いだ', '泳ぐ', v5, ['past']],
  ['話して', '話す', v5, ['te-form']],
  ['待った', '待つ', v5, ['past']],
  ['買った', '買う', v5, ['past']],
  ['帰った', '帰る', v5, ['past']],
  ['死んだ', '死ぬ', v5, ['past']],
  ['遊んで', '遊ぶ', v5, ['te-form']],
  ['読んでる', '読む', v5, ['progressive (-te iru)']],
  ['読んだら', '読む', v5, ['conditional (-tara)']],
  ['行った', '行く', v5, ['past']],
  ['行って', '行く', v5, ['te-form']],
  ['会わない', '会う', v5, ['negative']],
  ['飲ませる', '飲む', v5, ['causative']],
  ['待たれる', '待つ', v5, ['passive']],
  ['書いておく', '書く', v5, ['preparation (-te oku)']],
  ['書いとく', '書く', v5, ['preparation (-toku)']],
  ['高くない', '高い', adjI, ['negative']],
  ['高かった', '高い', adjI, ['past']],
  ['高くなかった', '高い', adjI, ['negative', 'past']],
  ['高くて', '高い', adjI, ['te-form']],
  ['高く', '高い', adjI, ['adverbial (-ku)']],
  ['高ければ', '高い', adjI, ['conditional (-ba)']],
  ['高そう', '高い', adjI, ['appearance (-sou)']],
  ['高すぎる', '高い', adjI, ['excess (-sugiru)']],
  ['高さ', '高い', adjI, ['noun (-sa)']],
  ['よさそう', 'よい', adjI, ['appearance (-sou)']],
  ['した', 'する', vs, ['past']],
  ['しない', 'する', vs, ['negative']],
  ['します', 'する', vs, ['polite']],
  ['している', 'する', vs, ['progressive (-te iru)']],
  ['される', 'する', vs, ['passive']],
  ['させる', 'する', vs, ['causative']],
  ['できる', 'する', vs, ['potential']],
  ['しよう', 'する', vs, ['volitional']],
  ['しろ', 'する', vs, ['imperative']],
  ['すれば', 'する', vs, ['conditional (-ba)']],
  ['せず', 'する', vs, ['-zu (negative)']],
  ['勉強した', '勉強する', vs, ['past']],
  ['勉強させられた', '勉強する', vs, ['causative', 'potential or passive', 'past']],
  ['来た', '来る', vk, ['past']],
  ['来ない', '来る', vk, ['negative']],
  ['こない', 'くる', vk, ['negative']],
  ['来ます', '来る', vk, ['polite']],
  ['来られる', '来る', vk, ['potential or passive']],
  ['こさせる', 'くる', vk, ['causative']],
  ['来よう', '来る', vk, ['volitional']],
  ['こい', 'くる', vk, ['imperative']],
  ['くれば', 'くる', vk, ['conditional (-ba)']],
  ['きて', 'くる', vk, ['te-form']],
];

describe('deinflect', () => {
  it('has a table of at least 40 forms', () => expect(table.length).toBeGreaterThanOrEqual(40));

  it.each(table)('%s → %s', (conjugated, dictionaryForm, wordClass, rules) => {
    const candidates = deinflect(conjugated).filter((candidate) => candidate.word === dictionaryForm && (candidate.classes & wordClass) !== 0);
    expect(candidates.map((candidate) => candidate.rules)).toContainEqual(rules);
  });

  it('lists the query itself first, with every class and no rules', () => {
    const [first] = deinflect('食べた');
    expect(first).toMatchObject({ word: '食べた', rules: [] });
  });

  it('does not offer intermediate forms (te, masu stem) as dictionary forms', () => {
    const words = deinflect('書いている').map((candidate) => candidate.word);
    expect(words).not.toContain('書いて');
    expect(deinflect('書いている').every((candidate) => candidate.rules.length === 0 || candidate.classes !== 0)).toBe(true);
  });

  it('only reaches a class through rules that produce it: 高くない is not a verb', () => {
    const verbs = deinflect('高くない').filter((candidate) => candidate.word === '高い' && (candidate.classes & (v1 | v5)) !== 0);
    expect(verbs).toEqual([]);
  });

  it('marks where a te-form + auxiliary splits into two words, but not in contractions', () => {
    const morau = deinflect('見せてもらいました').find((candidate) => candidate.word === '見せる');
    expect(morau).toMatchObject({ split: 3, next: 'もらう', rules: ['favour received (-te morau)', 'polite past'] });
    const iru = deinflect('読んでいます').find((candidate) => candidate.word === '読む');
    expect(iru).toMatchObject({ split: 3, next: 'いる' });
    // 書いておいてもらう: the first word is 書いて, the innermost auxiliary's.
    expect(deinflect('書いておいてもらう').find((candidate) => candidate.word === '書く')).toMatchObject({ split: 3, next: 'おく' });
    for (const contraction of ['見てる', '食べちゃう', 'やってく', '書いとく']) {
      expect(deinflect(contraction).every((candidate) => candidate.split === undefined), contraction).toBe(true);
    }
  });

  it('na-adjective and obligation forms reach their own classes only', () => {
    const { adjNa } = WordClass;
    expect(deinflect('静かな').find((candidate) => candidate.word === '静か')).toMatchObject({ classes: adjNa, rules: ['attributive (-na)'] });
    expect(deinflect('行かなければならない').find((candidate) => candidate.word === '行く')).toMatchObject({ classes: v5, rules: ['obligation (-nakereba naranai)'] });
    // The negative under an obligation is never offered as a dictionary form of its own.
    expect(deinflect('行かなければならない').map((candidate) => candidate.word)).not.toContain('行かない');
  });

  it('stays small for long inputs', () => {
    expect(deinflect('食べさせられたくなかったらしい').length).toBeLessThan(400);
  });
});

describe('posClassMask', () => {
  it('maps EDICT parts of speech to word classes', () => {
    expect(posClassMask(['v1', 'vt'])).toBe(v1);
    expect(posClassMask(['v5k-s', 'vi'])).toBe(v5);
    expect(posClassMask(['v5r-i'])).toBe(v5);
    expect(posClassMask(['n', 'vs'])).toBe(vs);
    expect(posClassMask(['vs-i'])).toBe(vs);
    expect(posClassMask(['vk'])).toBe(vk);
    expect(posClassMask(['adj-i'])).toBe(adjI);
    expect(posClassMask(['adj-ix'])).toBe(adjI);
    expect(posClassMask(['adj-na', 'n'])).toBe(adjNa);
    expect(posClassMask(['n', 'adj-no'])).toBe(0);
  });
});
