import type { DictEntry, DictLookup } from '../src/common/dict';
import type { DictImport, DictionariesList, DictTag } from '../src/common/dictionaries';

/**
 * Answers of `/api/dict/lookup` and `/api/dict/dictionaries` as the server gives them with the
 * learner's dictionaries installed: EDICT (built in), a Jitendex-like dictionary with structured
 * content, a Japanese→Chinese one, a pitch dictionary, JPDB frequencies and KANJIDIC2. For
 * component tests and screenshots of the card and Settings → Dictionaries.
 */

const tag = (name: string, category: string, notes: string, order = 0, score = 0): DictTag => ({ name, category, notes, order, score });

const v1 = tag('v1', 'partOfSpeech', 'Ichidan verb', -3);
const vt = tag('vt', 'partOfSpeech', 'transitive verb', -3);
const common = tag('★', 'popular', 'high priority entry', -10, 1);

export const eatEntry: DictEntry = {
  id: 1358280,
  headwords: [
    { text: '食べる', common: true, tags: [] },
    { text: '喰べる', common: false, tags: ['iK'] },
  ],
  readings: [{ text: 'たべる', common: true, tags: [] }],
  senses: [
    { pos: ['v1', 'vt'], misc: [], glosses: ['to eat'] },
    { pos: ['v1', 'vt'], misc: [], glosses: ['to live on (e.g. a salary)', 'to live off', 'to subsist on'] },
  ],
  common: true,
  match: 'exact',
  matched: '食べる',
  term: '食べる',
  reading: 'たべる',
  definitions: [
    {
      dictionary: 'jitendex',
      title: 'Jitendex.org [2025-04-11]',
      definitions: [
        {
          tags: [],
          termTags: [common],
          rules: ['v1'],
          score: 0,
          sequence: 1358280,
          glossary: [
            {
              type: 'structured-content',
              content: [
                {
                  tag: 'div',
                  data: { content: 'sense-groups' },
                  content: [
                    { tag: 'span', title: 'Ichidan verb, transitive verb', data: { code: 'v1' }, style: { fontSize: '0.8em', fontWeight: 'bold', color: '#565656' }, content: 'ichidan, transitive' },
                    {
                      tag: 'ol',
                      data: { content: 'glossary' },
                      content: [
                        {
                          tag: 'li',
                          content: [
                            'to eat',
                            {
                              tag: 'div',
                              data: { content: 'example-sentence' },
                              style: { marginLeft: 8 },
                              content: [
                                { tag: 'div', data: { content: 'example-sentence-a' }, lang: 'ja', content: [{ tag: 'ruby', content: ['朝', { tag: 'rt', content: 'あさ' }] }, 'ご', { tag: 'ruby', content: ['飯', { tag: 'rt', content: 'はん' }] }, 'を', { tag: 'span', style: { textDecorationLine: 'underline' }, content: '食べる' }, '。'] },
                                { tag: 'div', data: { content: 'example-sentence-b' }, lang: 'en', content: 'I eat breakfast.' },
                              ],
                            },
                          ],
                        },
                        { tag: 'li', content: ['to live on (e.g. a salary); to live off; to subsist on ', { tag: 'a', href: '?query=%E9%A3%9F%E3%81%86&wildcards=off', content: '→食う' }] },
                      ],
                    },
                  ],
                },
                { tag: 'div', data: { content: 'attribution' }, style: { fontSize: '0.7em', textAlign: 'right' }, content: { tag: 'a', href: 'https://www.edrdg.org/jmwsgi/entr.py?svc=jmdict&q=1358280', content: 'JMdict' } },
              ],
            },
          ],
        },
      ],
    },
    {
      dictionary: 'edict',
      title: 'EDICT',
      definitions: [
        { tags: [v1, vt], termTags: [], rules: ['v1'], score: 0, sequence: 1358280, glossary: ['to eat'] },
        { tags: [v1, vt], termTags: [], rules: ['v1'], score: 0, sequence: 1358280, glossary: ['to live on (e.g. a salary)', 'to live off', 'to subsist on'] },
      ],
    },
    {
      dictionary: 'wiktionary-ja-zh',
      title: '日汉词典 (Wiktionary)',
      definitions: [{ tags: [tag('动', 'partOfSpeech', '动词')], termTags: [], rules: ['v1'], score: 0, sequence: 0, glossary: ['吃；食用', { type: 'text', text: '生活，维持生计' }] }],
    },
  ],
  frequencies: [
    { dictionary: 'jpdb', title: 'JPDB', value: 1234, displayValue: '1234', mode: 'rank-based' },
    { dictionary: 'bccwj', title: 'BCCWJ', value: 687, reading: 'たべる', mode: 'rank-based' },
  ],
  pitches: [{ dictionary: 'kanjium', title: 'Kanjium', reading: 'たべる', pitches: [{ position: 2 }] }],
  ipa: [],
};

/** A second word in the same answer, a short one from EDICT alone. */
export const eatSecondEntry: DictEntry = {
  id: 1358300,
  headwords: [{ text: '食べ物', common: true, tags: [] }],
  readings: [{ text: 'たべもの', common: true, tags: [] }],
  senses: [{ pos: ['n'], misc: [], glosses: ['food'] }],
  common: true,
  match: 'prefix',
  matched: '食べ',
  term: '食べ物',
  reading: 'たべもの',
  definitions: [{ dictionary: 'edict', title: 'EDICT', definitions: [{ tags: [tag('n', 'partOfSpeech', 'noun (common) (futsuumeishi)')], termTags: [], rules: [], score: 0, sequence: 1358300, glossary: ['food', 'provisions'] }] }],
  frequencies: [{ dictionary: 'jpdb', title: 'JPDB', value: 2211, displayValue: '2211㋕', mode: 'rank-based' }],
  pitches: [{ dictionary: 'kanjium', title: 'Kanjium', reading: 'たべもの', pitches: [{ position: 3 }, { position: 2, nasal: [], devoice: [] }] }],
  ipa: [],
};

export const eatLookup: DictLookup = { query: '食べる', searched: '食べる', matched: '食べる', results: [eatEntry] };

export const kanjiLookup: DictLookup = {
  query: '食',
  searched: '食',
  matched: '食',
  results: [
    {
      id: 1358010,
      headwords: [{ text: '食', common: true, tags: [] }],
      readings: [{ text: 'しょく', common: true, tags: [] }],
      senses: [{ pos: ['n'], misc: [], glosses: ['food', 'foodstuff'] }],
      common: true,
      match: 'exact',
      matched: '食',
      term: '食',
      reading: 'しょく',
      definitions: [{ dictionary: 'edict', title: 'EDICT', definitions: [{ tags: [tag('n', 'partOfSpeech', 'noun')], termTags: [], rules: [], score: 0, sequence: 1358010, glossary: ['food', 'foodstuff'] }] }],
      frequencies: [],
      pitches: [{ dictionary: 'kanjium', title: 'Kanjium', reading: 'しょく', pitches: [{ position: 0, devoice: [1] }] }],
      ipa: [],
    },
  ],
  kanji: {
    character: '食',
    entries: [
      {
        dictionary: 'kanjidic2',
        title: 'KANJIDIC2',
        onyomi: ['ショク', 'ジキ'],
        kunyomi: ['く.う', 'く.らう', 'た.べる', 'は.む'],
        tags: [tag('jouyou', 'frequent', 'included in list of regular-use characters')],
        meanings: ['eat', 'food'],
        stats: {
          misc: [
            { name: 'strokes', label: 'Stroke count', value: '9', order: 1 },
            { name: 'grade', label: 'School grade level', value: '2', order: 2 },
            { name: 'jlpt', label: 'JLPT level (old)', value: '4', order: 3 },
            { name: 'freq', label: 'Frequency rank', value: '328', order: 4 },
          ],
          code: [
            { name: 'ucs', label: 'Unicode code point', value: '98df', order: 1 },
            { name: 'jis208', label: 'JIS X 0208', value: '1-31-9', order: 2 },
          ],
          index: [
            { name: 'nelson_c', label: 'Modern Reader’s Japanese-English Character Dictionary', value: '5181', order: 1 },
            { name: 'heisig6', label: 'Remembering The Kanji, 6th ed.', value: '1562', order: 2 },
          ],
          class: [{ name: 'radical', label: 'Classical radical', value: '184', order: 1 }],
        },
      },
    ],
    frequencies: [{ dictionary: 'jpdb-kanji', title: 'JPDB Kanji', value: 212, mode: 'rank-based' }],
  },
};

const counts = (terms: number, termMeta: number, kanji = 0, kanjiMeta = 0, media = 0) => ({ terms, termMeta, kanji, kanjiMeta, tags: 40, media });

export const dictionariesList: DictionariesList = {
  dictionaries: [
    { id: 'jitendex', title: 'Jitendex.org [2025-04-11]', revision: '2025.04.11.0', enabled: true, builtIn: false, counts: counts(291_541, 0, 0, 0, 1_024), bytes: 187_400_000, author: 'Stephen Kraus', attribution: 'JMdict (EDRDG, CC BY-SA 4.0), Tatoeba (CC BY 2.0 FR)', sourceLanguage: 'ja', targetLanguage: 'en', hasStyles: true },
    { id: 'edict', title: 'EDICT', revision: 'Debian', enabled: true, builtIn: true, counts: counts(184_211, 0), bytes: 41_200_000 },
    { id: 'wiktionary-ja-zh', title: '日汉词典 (Wiktionary)', revision: '2025-09-01', enabled: true, builtIn: false, counts: counts(48_112, 0), bytes: 9_800_000, attribution: 'Wiktionary (CC BY-SA 4.0)', sourceLanguage: 'ja', targetLanguage: 'zh' },
    { id: 'kanjium', title: 'Kanjium', revision: 'pitch-2022', enabled: true, builtIn: false, counts: counts(0, 124_011), bytes: 6_100_000 },
    { id: 'jpdb', title: 'JPDB', revision: 'v2.2', enabled: true, builtIn: false, counts: counts(0, 498_331), bytes: 22_900_000, frequencyMode: 'rank-based' },
    { id: 'kanjidic2', title: 'KANJIDIC2', revision: 'Debian', enabled: false, builtIn: true, counts: counts(0, 0, 13_108, 0), bytes: 5_300_000 },
  ],
  frequencyDictionary: 'jpdb',
};

export const runningImport: DictImport = {
  id: 'imp-2',
  title: 'JMdict (Chinese)',
  fileName: 'jmdict-zh.zip',
  state: 'running',
  step: 'terms',
  progress: 0.42,
  file: 'term_bank_7.json',
  rows: 120_000,
  createdAt: '2026-11-28T09:00:00.000Z',
};

export const failedImport: DictImport = {
  id: 'imp-1',
  fileName: 'broken.zip',
  state: 'failed',
  step: 'terms',
  progress: 0.1,
  file: 'term_bank_2.json',
  error: 'term_bank_2.json, row 17: the glossary is not a string, a text, an image or structured content',
  createdAt: '2026-11-28T08:58:00.000Z',
  finishedAt: '2026-11-28T08:58:03.000Z',
};
