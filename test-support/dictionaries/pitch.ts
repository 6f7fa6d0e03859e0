// A pitch-accent dictionary (term meta `pitch`) of common words with their Tokyo accents, written by hand.
import { outputPath, writeZip } from './zip-writer';

export interface PitchWord {
  term: string;
  reading: string;
  /** Downstep positions (0 = heiban); more than one when both are heard. */
  positions: number[];
  /** Morae (1-based) said nasal (鼻濁音 が行). */
  nasal?: number[];
  /** Morae (1-based) devoiced. */
  devoice?: number[];
  tags?: string[];
}

/** Accents as the NHK and Shin Meikai accent dictionaries give them. */
export const pitchWords: readonly PitchWord[] = [
  { term: '箸', reading: 'はし', positions: [1], tags: ['n'] },
  { term: '橋', reading: 'はし', positions: [2], tags: ['n'] },
  { term: '端', reading: 'はし', positions: [0], tags: ['n'] },
  { term: '雨', reading: 'あめ', positions: [1], tags: ['n'] },
  { term: '飴', reading: 'あめ', positions: [0], tags: ['n'] },
  { term: '神', reading: 'かみ', positions: [1], tags: ['n'] },
  { term: '紙', reading: 'かみ', positions: [2], tags: ['n'] },
  { term: '酒', reading: 'さけ', positions: [0], tags: ['n'] },
  { term: '鮭', reading: 'さけ', positions: [1], tags: ['n'] },
  { term: '花', reading: 'はな', positions: [2], tags: ['n'] },
  { term: '鼻', reading: 'はな', positions: [0], tags: ['n'] },
  { term: '食べる', reading: 'たべる', positions: [2], tags: ['v'] },
  { term: '見る', reading: 'みる', positions: [1], tags: ['v'] },
  { term: '行く', reading: 'いく', positions: [0], tags: ['v'] },
  { term: '来る', reading: 'くる', positions: [1], tags: ['v'] },
  { term: '書く', reading: 'かく', positions: [1], tags: ['v'] },
  { term: '読む', reading: 'よむ', positions: [1], tags: ['v'] },
  { term: '話す', reading: 'はなす', positions: [2], tags: ['v'] },
  { term: '聞く', reading: 'きく', positions: [0], tags: ['v'] },
  { term: '買う', reading: 'かう', positions: [0], tags: ['v'] },
  { term: '飲む', reading: 'のむ', positions: [1], tags: ['v'] },
  { term: '高い', reading: 'たかい', positions: [2], tags: ['adj'] },
  { term: '安い', reading: 'やすい', positions: [2], tags: ['adj'] },
  { term: '新しい', reading: 'あたらしい', positions: [4], tags: ['adj'] },
  { term: '大きい', reading: 'おおきい', positions: [3], tags: ['adj'] },
  { term: '小さい', reading: 'ちいさい', positions: [3], tags: ['adj'] },
  { term: '面白い', reading: 'おもしろい', positions: [4], tags: ['adj'] },
  { term: '日本', reading: 'にほん', positions: [2], tags: ['n'] },
  { term: '日本', reading: 'にっぽん', positions: [3], tags: ['n'] },
  { term: '日本語', reading: 'にほんご', positions: [0], tags: ['n'] },
  { term: '学生', reading: 'がくせい', positions: [0], devoice: [2], tags: ['n'] },
  { term: '先生', reading: 'せんせい', positions: [3], tags: ['n'] },
  { term: '学校', reading: 'がっこう', positions: [0], tags: ['n'] },
  { term: '勉強', reading: 'べんきょう', positions: [0], tags: ['n'] },
  { term: '図書館', reading: 'としょかん', positions: [2], tags: ['n'] },
  { term: '大学', reading: 'だいがく', positions: [0], nasal: [3], tags: ['n'] },
  { term: '音楽', reading: 'おんがく', positions: [1], nasal: [3], tags: ['n'] },
  { term: '映画', reading: 'えいが', positions: [0, 1], nasal: [3], tags: ['n'] },
  { term: '鏡', reading: 'かがみ', positions: [3], nasal: [2], tags: ['n'] },
  { term: '猫', reading: 'ねこ', positions: [1], tags: ['n'] },
  { term: '犬', reading: 'いぬ', positions: [2], tags: ['n'] },
  { term: '水', reading: 'みず', positions: [0], tags: ['n'] },
  { term: '山', reading: 'やま', positions: [2], tags: ['n'] },
  { term: '空', reading: 'そら', positions: [1], tags: ['n'] },
  { term: '海', reading: 'うみ', positions: [1], tags: ['n'] },
  { term: '言葉', reading: 'ことば', positions: [3], tags: ['n'] },
  { term: '今日', reading: 'きょう', positions: [1], tags: ['n'] },
  { term: '明日', reading: 'あした', positions: [3], tags: ['n'] },
  { term: '昨日', reading: 'きのう', positions: [2, 0], tags: ['n'] },
  { term: '時間', reading: 'じかん', positions: [0], tags: ['n'] },
  { term: '電車', reading: 'でんしゃ', positions: [0, 1], tags: ['n'] },
  { term: '友達', reading: 'ともだち', positions: [0], tags: ['n'] },
  { term: '仕事', reading: 'しごと', positions: [0], devoice: [1], tags: ['n'] },
  { term: '料理', reading: 'りょうり', positions: [1], tags: ['n'] },
  { term: '天気', reading: 'てんき', positions: [1], tags: ['n'] },
  { term: '好き', reading: 'すき', positions: [2], devoice: [1], tags: ['adj'] },
  { term: '靴', reading: 'くつ', positions: [2], devoice: [1], tags: ['n'] },
  { term: '月', reading: 'つき', positions: [2], devoice: [1], tags: ['n'] },
  { term: '人', reading: 'ひと', positions: [0], devoice: [1], tags: ['n'] },
  { term: '手紙', reading: 'てがみ', positions: [0], nasal: [2], tags: ['n'] },
  { term: '名前', reading: 'なまえ', positions: [0], tags: ['n'] },
];

export const pitchTitle = 'Pitch accents (handmade)';

/** The pitch dictionary: one `pitch` term meta row per word and reading; nasal and devoice as lists, or a single number where there is one. */
export function buildPitch(dir: string, title = pitchTitle): { path: string; rows: number } {
  const rows = pitchWords.map(({ term, reading, positions, nasal, devoice, tags }) => [
    term,
    'pitch',
    {
      reading,
      pitches: positions.map((position) => ({
        position,
        // Both forms of the schema: a single mora as a number, several as a list.
        ...(nasal ? { nasal: nasal.length === 1 ? nasal[0] : nasal } : {}),
        ...(devoice ? { devoice } : {}),
        ...(tags ? { tags } : {}),
      })),
    },
  ]);
  const path = writeZip(outputPath(dir, 'pitch-accents.zip'), {
    'index.json': { title, revision: '1', format: 3, author: 'Kotonoha tests', description: 'Tokyo pitch accents of common words, by hand.', sourceLanguage: 'ja', targetLanguage: 'ja' },
    'tag_bank_1.json': [
      ['n', 'partOfSpeech', 0, 'noun', 0],
      ['v', 'partOfSpeech', 0, 'verb', 0],
      ['adj', 'partOfSpeech', 0, 'adjective', 0],
    ],
    'term_meta_bank_1.json': rows,
  });
  return { path, rows: rows.length };
}
