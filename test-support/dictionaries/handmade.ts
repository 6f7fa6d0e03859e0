// Small dictionaries written by hand that together hold every form Yomitan's dictionary schemas
// allow: index formats 1, 2 and 3, each glossary form, each frequency, pitch and ipa form, kanji
// banks of both layouts, kanji meta, tag banks, an image and styles.css.
import { checkerPng } from './png';
import { outputPath, writeZip } from './zip-writer';

export const everyFormTitle = 'Every form (handmade)';
export const formatOneTitle = 'Format 1 (handmade)';
export const formatTwoTitle = 'Format 2 (handmade)';

/** The image inside the every-form zip: 16 × 16 pixels, shown at 2 × 2 em. */
export const everyFormImage = { path: 'images/checker.png', width: 16, height: 16 };

/** Structured content with every allowed element, each with the attributes it may have. */
// Not StructuredContent: a dictionary may also write a style as a list (textDecorationLine), which the shared type does not model.
export const everyTagContent: unknown = [
  { tag: 'div', lang: 'ja', title: 'a div', data: { content: 'all-tags' }, style: { fontStyle: 'normal', fontWeight: 'bold', fontSize: '1.1em', color: '#333', backgroundColor: '#fafafa', textAlign: 'left', marginTop: 2, marginBottom: '0.25em', padding: '0.1em', wordBreak: 'keep-all', whiteSpace: 'normal' }, content: '読む: to read' },
  { tag: 'span', style: { textDecorationLine: ['underline', 'overline'], textDecorationStyle: 'wavy', textDecorationColor: 'red', textEmphasis: 'filled', textShadow: '1px 1px #ccc', verticalAlign: 'middle', borderColor: '#999', borderStyle: 'solid', borderWidth: '1px', borderRadius: '0.2em', cursor: 'help', clipPath: 'none' }, content: 'underline and overline' },
  { tag: 'br', data: { reason: 'line' } },
  { tag: 'ruby', content: ['読', { tag: 'rp', content: '(' }, { tag: 'rt', content: 'よ' }, { tag: 'rp', content: ')' }, 'む'] },
  {
    tag: 'ol',
    style: { listStyleType: 'decimal', paddingLeft: '1.5em', marginLeft: 0, marginRight: '0.5em' },
    content: [
      { tag: 'li', content: ['to read (a book, a letter)', { tag: 'ul', style: { listStyleType: 'circle' }, content: [{ tag: 'li', content: 'to read aloud' }, { tag: 'li', content: 'to recite' }] }] },
      { tag: 'li', content: 'to guess, to predict (e.g. 先を読む)' },
    ],
  },
  {
    tag: 'table',
    content: [
      { tag: 'thead', content: { tag: 'tr', content: [{ tag: 'th', content: 'form' }, { tag: 'th', content: 'reading' }] } },
      { tag: 'tbody', content: [{ tag: 'tr', content: [{ tag: 'td', content: '読む' }, { tag: 'td', style: { fontStyle: 'italic' }, content: 'よむ' }] }, { tag: 'tr', content: { tag: 'td', colSpan: 2, rowSpan: 1, content: '読まない · 読んだ · 読んで' } }] },
      { tag: 'tfoot', content: { tag: 'tr', content: { tag: 'td', colSpan: 2, content: 'Godan verb' } } },
    ],
  },
  { tag: 'details', open: false, content: [{ tag: 'summary', content: 'Examples' }, { tag: 'div', lang: 'ja', content: ['本を', { tag: 'ruby', content: ['読', { tag: 'rt', content: 'よ' }] }, 'む。'] }] },
  { tag: 'a', href: '?query=読書&wildcards=off', lang: 'ja', content: '読書' },
  ' · ',
  { tag: 'a', href: 'https://www.edrdg.org/jmdict/edict.html', content: 'EDICT' },
  {
    tag: 'img',
    path: everyFormImage.path,
    width: 2,
    height: 2,
    sizeUnits: 'em',
    title: 'checker',
    alt: 'a checkerboard',
    description: 'a red and white checkerboard',
    pixelated: true,
    imageRendering: 'pixelated',
    appearance: 'auto',
    background: true,
    collapsed: false,
    collapsible: true,
    verticalAlign: 'middle',
    border: '1px solid #ccc',
    borderRadius: '2px',
    data: { kind: 'picture' },
  },
];

/** Format 3: every glossary form, frequency, pitch and ipa form, kanji v3 with kanji meta, tags, an image and styles.css. */
export function buildEveryForm(dir: string, title = everyFormTitle): string {
  return writeZip(outputPath(dir, 'every-form.zip'), {
    'index.json': {
      title,
      revision: '2026.11',
      format: 3,
      sequenced: true,
      author: 'Kotonoha tests',
      url: 'https://example.org/every-form',
      description: 'Every form of the schemas, by hand.',
      attribution: 'CC0',
      sourceLanguage: 'ja',
      targetLanguage: 'en',
      frequencyMode: 'occurrence-based',
    },
    'tag_bank_1.json': [
      ['v5', 'partOfSpeech', -1, 'Godan verb', 0],
      ['vt', 'partOfSpeech', -1, 'transitive verb', 0],
      ['★', 'popular', -10, 'common word', 10],
      ['n', 'partOfSpeech', -1, 'noun', 0],
      ['heiban', 'pitch', 0, 'no downstep', 0],
      ['strokes', 'misc', 0, 'Stroke count', 0],
      ['grade', 'misc', 0, 'School grade', 0],
      ['jouyou', 'frequent', -5, 'regular-use character', 0],
    ],
    'term_bank_1.json': [
      ['読む', 'よむ', 'v5 vt', 'v5', 100, ['to read', { type: 'text', text: 'to recite (a sutra)' }, { type: 'structured-content', content: everyTagContent }, { type: 'image', ...everyFormImage, title: 'checker', alt: 'checker', description: 'a checkerboard', pixelated: true, imageRendering: 'crisp-edges', appearance: 'monochrome', background: false, collapsed: false, collapsible: false, verticalAlign: 'baseline', border: 'none', borderRadius: '0', sizeUnits: 'px' }], 1, '★'],
      // Form-of: the conjugated form points at its dictionary form and the rules between them.
      ['読まれた', 'よまれた', '', '', 0, [['読む', ['passive', 'past']]], 2, ''],
      ['読書', 'どくしょ', 'n', 'vs', 50, [{ type: 'structured-content', content: { tag: 'span', content: 'reading (books)' } }], 3, ''],
    ],
    'term_meta_bank_1.json': [
      ['読む', 'freq', 1200],
      ['読む', 'freq', '1,200 (news)'],
      ['読む', 'freq', { value: 1200, displayValue: '1.2k' }],
      ['読む', 'freq', { reading: 'よむ', frequency: 900 }],
      ['読む', 'freq', { reading: 'よむ', frequency: { value: 900, displayValue: '900★' } }],
      ['読書', 'freq', { reading: 'どくしょ', frequency: '45' }],
      ['読む', 'pitch', { reading: 'よむ', pitches: [{ position: 1, tags: ['heiban'] }, { position: 'HL' }] }],
      ['鏡', 'pitch', { reading: 'かがみ', pitches: [{ position: 3, nasal: 2, devoice: [], tags: ['n'] }] }],
      ['学生', 'pitch', { reading: 'がくせい', pitches: [{ position: 0, nasal: [], devoice: 2 }] }],
      ['読む', 'ipa', { reading: 'よむ', transcriptions: [{ ipa: 'jo̞mɯ̟', tags: ['heiban'] }, { ipa: '[jo̞mɯ]' }] }],
    ],
    'kanji_bank_1.json': [
      ['読', 'ドク トク トウ', 'よ.む -よ.み', 'jouyou', ['read'], { strokes: '14', grade: '2' }],
      ['鏡', 'キョウ ケイ', 'かがみ', 'jouyou', ['mirror', 'speculum'], { strokes: '19', grade: '4' }],
    ],
    'kanji_meta_bank_1.json': [
      ['読', 'freq', 618],
      ['鏡', 'freq', '1,212'],
      ['学', 'freq', { value: 63, displayValue: '#63' }],
    ],
    [everyFormImage.path]: checkerPng(everyFormImage.width, everyFormImage.height),
    'styles.css': [
      '.gloss-sc-span[data-sc-kind="tag"] { border-radius: 3px; }',
      'div[data-sc-content="all-tags"] { color: #0b5394; }',
      'img[data-sc-kind="picture"] { outline: 1px dotted #999; }',
    ].join('\n'),
  });
}

/** Format 1: rows with the glossary strings after the score, kanji meanings after the tags, tags in the index's tagMeta. */
export function buildFormatOne(dir: string, title = formatOneTitle): string {
  return writeZip(outputPath(dir, 'format-1.zip'), {
    'index.json': { title, revision: 'v1', version: 1, tagMeta: { n: { category: 'partOfSpeech', order: -1, notes: 'noun', score: 0 }, P: { category: 'popular', order: -10, notes: 'common', score: 5 } } },
    'term_bank_1.json': [
      ['猫', 'ねこ', 'n P', '', 10, 'cat', 'feline'],
      ['犬', 'いぬ', 'n P', '', 10, 'dog'],
    ],
    'kanji_bank_1.json': [
      ['猫', 'ビョウ', 'ねこ', 'P', 'cat'],
      ['犬', 'ケン', 'いぬ', 'P', 'dog', 'hound'],
    ],
  });
}

/** Format 2: term banks in the later layout with plain glossaries, term meta of format 2. */
export function buildFormatTwo(dir: string, title = formatTwoTitle): string {
  return writeZip(outputPath(dir, 'format-2.zip'), {
    'index.json': { title, revision: 'v2', format: 2, sequenced: false },
    'tag_bank_1.json': [['n', 'partOfSpeech', -1, 'noun', 0]],
    'term_bank_1.json': [
      ['山', 'やま', 'n', '', 5, ['mountain', 'hill'], 0, ''],
      ['川', 'かわ', 'n', '', 5, ['river', 'stream'], 0, ''],
    ],
    'term_meta_bank_1.json': [
      ['山', 'freq', 300],
      ['川', 'freq', 420],
    ],
  });
}
