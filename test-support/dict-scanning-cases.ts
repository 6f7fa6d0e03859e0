// Test support: what learners select, and what the dictionary must answer — run on a small EDICT
// (below) by scanning.test.ts and on the full Debian EDICT by edict-full.test.ts.
import fs from 'node:fs';
import path from 'node:path';

/** Real EDICT lines (glosses shortened) for every word the cases below need. */
export const scanningEdictLines = [
  '　？？？ /EDICT, EDICT_SUB(P), EDICT2 Japanese-English Electronic Dictionary Files/Copyright Electronic Dictionary Research & Development Group - 2021/Created: 2021-02-03/',
  '静か [しずか] /(adj-na) (1) quiet/silent/(adj-na) (2) slow/unhurried/(adj-na) (3) calm/peaceful/(P)/',
  '綺麗 [きれい] /(adj-na) (1) (uk) pretty/lovely/beautiful/fair/(adj-na) (2) (uk) clean/clear/pure/tidy/neat/(P)/',
  '食べる [たべる] /(v1,vt) (1) to eat/(v1,vt) (2) to live on (e.g. a salary)/(P)/',
  '見る [みる] /(v1,vt) (1) to see/to look/(P)/',
  '見せる [みせる] /(v1,vt) to show/to display/(P)/',
  '開ける [あける] /(v1,vt) (1) to open (a door, etc.)/to unwrap (e.g. parcel, package)/to unlock/(P)/',
  '書く [かく] /(v5k,vt) (1) to write/to compose/(P)/',
  '読む [よむ] /(v5m,vt) (1) to read/(P)/',
  '行く [いく] /(v5k-s,vi) (1) to go/to move/(P)/',
  '帰る [かえる] /(v5r,vi) (1) to return/to come home/to go home/(P)/',
  '持つ [もつ] /(v5t) (1) to hold (in one\'s hand)/to take/to carry/(P)/',
  '降る [ふる] /(v5r,vi) (1) to fall (of rain, snow, ash, etc.)/to come down/(P)/',
  '分かる [わかる] /(v5r,vi) (1) (uk) to understand/to comprehend/(P)/',
  '遣る [やる] /(v5r,vt) (1) (uk) (col) to do/to undertake/to perform/(P)/',
  '為る [する] /(oK) (vs-i) (1) (uk) to do/to carry out/(P)/',
  '来る [くる] /(vk,vi) (1) to come/to arrive/(P)/',
  '居る [いる] /(v1,vi) (1) (uk) to be (of animate objects)/to exist/(v1,aux-v) (3) (uk) to be ...-ing/(P)/',
  '有る [ある] /(v5r-i,vi) (1) (uk) to be/to exist/to live/(P)/',
  '置く [おく] /(v5k,vt) (1) to put/to place/(P)/',
  '仕舞う [しまう] /(v5u,vt) (1) (uk) to finish/to stop/to end/(P)/',
  '貰う [もらう] /(v5u,vt) (1) (uk) to receive/to take/to accept/(aux-v,v5u) (2) (uk) to get somebody to do something/(P)/',
  '呉れる [くれる] /(v1-s,vt) (1) (uk) to give/to let (one) have/(aux-v,v1-s) (3) (uk) to do for one/(P)/',
  '下さい [ください] /(exp) (1) (uk) (hon) please (give me)/(exp) (2) (uk) (hon) please (do for me)/(P)/',
  '高い [たかい] /(adj-i) (1) high/tall/(adj-i) (2) expensive/(P)/',
  '勉強 [べんきょう] /(n,vs) (1) study/(n,vs) (2) diligence/(P)/',
  '日本語 [にほんご] /(n) Japanese (language)/(P)/',
  '東京 [とうきょう] /(n) Tokyo/(P)/',
  '下 [した] /(n) below/down/(P)/',
  '雨 [あめ] /(n) (1) rain/(n) (2) rainy day/rainy weather/(P)/',
  '雨が上がる [あめがあがる] /(exp,v5r) to stop raining/',
  'が /(prt) (1) indicates sentence subject (occasionally object)/(conj) (3) but/however/still/and/(P)/',
  'を /(prt) (1) indicates direct object of action/(P)/',
  'に /(prt) (1) at (place, time)/in/on/during/(prt) (2) to (direction, state)/toward/into/(P)/',
  'か /(prt) (1) yes?/no?/isn\'t it?/is it?/(prt) (2) or/whether or not/(P)/',
];

export function writeScanningEdict(dir: string): string {
  const file = path.join(dir, 'edict-scanning');
  fs.writeFileSync(file, scanningEdictLines.join('\n') + '\n');
  return file;
}

/** [form family, what the learner selected, the entry's headword, how the modal explains it]. */
export const wordCases: Array<[string, string, string, string]> = [
  ['na-adjective', '静かな', '静か', '静かな ← attributive (-na) of 静か'],
  ['na-adjective', '静かに', '静か', '静かに ← adverbial (-ni) of 静か'],
  ['na-adjective', 'きれいだった', '綺麗', 'きれいだった ← copula past (datta) of きれい'],
  ['na-adjective', '静かではない', '静か', '静かではない ← negative of 静か'],
  ['na-adjective', '静かじゃなかった', '静か', '静かじゃなかった ← negative + past of 静か'],
  ['na-adjective', '静かすぎる', '静か', '静かすぎる ← excess (-sugiru) of 静か'],
  ['suru verb', '勉強しています', '勉強', '勉強しています ← progressive (-te iru) + polite of 勉強する'],
  ['suru verb', '勉強しなければならない', '勉強', '勉強しなければならない ← obligation (-nakereba naranai) of 勉強する'],
  ['contraction', 'しなきゃ', '為る', 'しなきゃ ← obligation (-nakya, colloquial) of する'],
  ['contraction', '行かなきゃ', '行く', '行かなきゃ ← obligation (-nakya, colloquial) of 行く'],
  ['contraction', '食べちゃう', '食べる', '食べちゃう ← completion (-chau) of 食べる'],
  ['contraction', '見てる', '見る', '見てる ← progressive (-te iru) of 見る'],
  ['contraction', 'やってく', '遣る', 'やってく ← going on (-te iku) of やる'],
  ['contraction', '書いとく', '書く', '書いとく ← preparation (-toku) of 書く'],
  ['polite and negative', '食べませんでした', '食べる', '食べませんでした ← polite past negative of 食べる'],
  ['polite and negative', '行かなかった', '行く', '行かなかった ← negative + past of 行く'],
  ['polite and negative', '高くないです', '高い', '高くないです ← negative + polite (-desu) of 高い'],
  ['polite and negative', '食べないでください', '食べる', '食べないでください ← negative te-form + request (-te kudasai) of 食べる'],
  ['polite and negative', '読まれませんでした', '読む', '読まれませんでした ← passive + polite past negative of 読む'],
  ['te-form + auxiliary', '見せてもらいました', '見せる', '見せてもらいました ← favour received (-te morau) + polite past of 見せる'],
  ['te-form + auxiliary', '書いてくれる', '書く', '書いてくれる ← favour given (-te kureru) of 書く'],
  ['te-form + auxiliary', '開けてある', '開ける', '開けてある ← resulting state (-te aru) of 開ける'],
  ['te-form + auxiliary', '書いておきます', '書く', '書いておきます ← preparation (-te oku) + polite of 書く'],
  ['te-form + auxiliary', '食べてしまった', '食べる', '食べてしまった ← completion (-te shimau) + past of 食べる'],
  ['te-form + auxiliary', '持っていく', '持つ', '持っていく ← going on (-te iku) of 持つ'],
  ['te-form + auxiliary', '帰ってきました', '帰る', '帰ってきました ← coming (-te kuru) + polite past of 帰る'],
  ['obligation', '行かなければならない', '行く', '行かなければならない ← obligation (-nakereba naranai) of 行く'],
  ['obligation', '食べなくてはいけない', '食べる', '食べなくてはいけない ← obligation (-nakereba naranai) of 食べる'],
  ['obligation', '読まなければなりません', '読む', '読まなければなりません ← obligation (-nakereba narimasen) of 読む'],
  ['-sou, -sugiru, -yasui, -nikui', '降りそう', '降る', '降りそう ← appearance (-sou) of 降る'],
  ['-sou, -sugiru, -yasui, -nikui', '高そうです', '高い', '高そうです ← appearance (-sou) + polite copula (desu) of 高い'],
  ['-sou, -sugiru, -yasui, -nikui', '食べすぎた', '食べる', '食べすぎた ← excess (-sugiru) + past of 食べる'],
  ['-sou, -sugiru, -yasui, -nikui', '読みやすい', '読む', '読みやすい ← ease (-yasui) of 読む'],
  ['-sou, -sugiru, -yasui, -nikui', '分かりにくかった', '分かる', '分かりにくかった ← difficulty (-nikui) + past of 分かる'],
];

/** [selection, the word found at its start, its words as text (dictionary form)]. */
export const phraseCases: Array<[string, string, string[]]> = [
  ['日本語を勉強しています', '日本語', ['日本語', 'を', '勉強', 'して(する)', 'います(いる)']],
  ['東京に行きたい', '東京', ['東京', 'に', '行きたい(行く)']],
  ['静かな東京', '静かな', ['静かな(静か)', '東京']],
  ['見せてもらいましたか', '見せてもらいました', ['見せて(見せる)', 'もらいました(もらう)', 'か']],
  ['「日本語を読む」', '日本語', ['日本語', 'を', '読む']],
  // Only a rare expression starts with 雨が: a phrase, not a word being typed.
  ['雨が', '雨', ['雨', 'が']],
];
