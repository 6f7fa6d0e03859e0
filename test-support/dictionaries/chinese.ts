// A small Japanese→Chinese dictionary, entries written by hand (simplified Chinese).
import { outputPath, writeZip } from './zip-writer';

/** [term, reading, part of speech, rules, glosses] */
export const chineseEntries: ReadonlyArray<[string, string, string, string, string[]]> = [
  ['食べる', 'たべる', 'v1', 'v1', ['吃', '食用']],
  ['飲む', 'のむ', 'v5', 'v5', ['喝', '饮', '吞']],
  ['見る', 'みる', 'v1', 'v1', ['看', '观看', '查看']],
  ['行く', 'いく', 'v5', 'v5', ['去', '走', '前往']],
  ['来る', 'くる', 'vk', 'vk', ['来', '到来']],
  ['する', 'する', 'vs', 'vs', ['做', '干', '进行']],
  ['書く', 'かく', 'v5', 'v5', ['写', '书写']],
  ['読む', 'よむ', 'v5', 'v5', ['读', '阅读', '念']],
  ['話す', 'はなす', 'v5', 'v5', ['说', '讲', '谈话']],
  ['聞く', 'きく', 'v5', 'v5', ['听', '问', '打听']],
  ['買う', 'かう', 'v5', 'v5', ['买', '购买']],
  ['感じる', 'かんじる', 'v1', 'v1', ['感觉', '感到']],
  ['信ずる', 'しんずる', 'vz', 'vz', ['相信', '信仰']],
  ['勉強', 'べんきょう', 'n vs', 'vs', ['学习', '用功']],
  ['図書館', 'としょかん', 'n', '', ['图书馆']],
  ['学校', 'がっこう', 'n', '', ['学校']],
  ['学生', 'がくせい', 'n', '', ['学生']],
  ['先生', 'せんせい', 'n', '', ['老师', '先生', '医生']],
  ['大学', 'だいがく', 'n', '', ['大学']],
  ['日本', 'にほん', 'n', '', ['日本']],
  ['日本語', 'にほんご', 'n', '', ['日语', '日本语']],
  ['中国語', 'ちゅうごくご', 'n', '', ['汉语', '中文']],
  ['言葉', 'ことば', 'n', '', ['语言', '词语', '话']],
  ['手紙', 'てがみ', 'n', '', ['信', '书信']],
  ['名前', 'なまえ', 'n', '', ['名字', '姓名']],
  ['友達', 'ともだち', 'n', '', ['朋友']],
  ['家族', 'かぞく', 'n', '', ['家人', '家庭']],
  ['仕事', 'しごと', 'n vs', 'vs', ['工作', '职业']],
  ['会社', 'かいしゃ', 'n', '', ['公司']],
  ['電車', 'でんしゃ', 'n', '', ['电车', '火车']],
  ['時間', 'じかん', 'n', '', ['时间', '小时']],
  ['今日', 'きょう', 'n', '', ['今天']],
  ['明日', 'あした', 'n', '', ['明天']],
  ['昨日', 'きのう', 'n', '', ['昨天']],
  ['天気', 'てんき', 'n', '', ['天气', '好天气']],
  ['雨', 'あめ', 'n', '', ['雨']],
  ['箸', 'はし', 'n', '', ['筷子']],
  ['橋', 'はし', 'n', '', ['桥']],
  ['猫', 'ねこ', 'n', '', ['猫']],
  ['犬', 'いぬ', 'n', '', ['狗']],
  ['水', 'みず', 'n', '', ['水', '凉水']],
  ['料理', 'りょうり', 'n vs', 'vs', ['菜肴', '烹饪', '料理']],
  ['映画', 'えいが', 'n', '', ['电影']],
  ['音楽', 'おんがく', 'n', '', ['音乐']],
  ['病院', 'びょういん', 'n', '', ['医院']],
  ['銀行', 'ぎんこう', 'n', '', ['银行']],
  ['高い', 'たかい', 'adj-i', 'adj-i', ['高', '贵']],
  ['安い', 'やすい', 'adj-i', 'adj-i', ['便宜', '安稳']],
  ['新しい', 'あたらしい', 'adj-i', 'adj-i', ['新', '新鲜']],
  ['面白い', 'おもしろい', 'adj-i', 'adj-i', ['有趣', '好玩']],
  ['美しい', 'うつくしい', 'adj-i', 'adj-i', ['美丽', '漂亮']],
  ['好き', 'すき', 'adj-na', '', ['喜欢', '爱好']],
];

export const chineseTitle = '日汉词典 (测试)';

/** The dictionary: format 3, plain-string glossaries (the commonest form in the wild), one sequence per entry. */
export function buildChinese(dir: string, title = chineseTitle): { path: string; terms: number } {
  const rows = chineseEntries.map(([term, reading, pos, rules, glosses], index) => [term, reading, pos, rules, chineseEntries.length - index, glosses, index + 1, '']);
  const path = writeZip(outputPath(dir, 'ja-zh.zip'), {
    'index.json': { title, revision: '1', format: 3, sequenced: true, author: 'Kotonoha tests', description: '常用日语词汇的中文释义', sourceLanguage: 'ja', targetLanguage: 'zh' },
    'tag_bank_1.json': [
      ['n', 'partOfSpeech', 0, '名词', 0],
      ['v1', 'partOfSpeech', 0, '一段动词', 0],
      ['v5', 'partOfSpeech', 0, '五段动词', 0],
      ['vk', 'partOfSpeech', 0, 'カ变动词', 0],
      ['vs', 'partOfSpeech', 0, 'サ变动词', 0],
      ['vz', 'partOfSpeech', 0, 'ザ变动词', 0],
      ['adj-i', 'partOfSpeech', 0, '形容词', 0],
      ['adj-na', 'partOfSpeech', 0, '形容动词', 0],
    ],
    'term_bank_1.json': rows,
  });
  return { path, terms: rows.length };
}
