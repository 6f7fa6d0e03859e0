// Small Yomitan zips the server's route and import tests upload, built in memory.
import { checkerPng } from './png';
import { zipBytes } from './zip-writer';

export const sampleIndex = (title: string, extra: Record<string, unknown> = {}) => ({ title, revision: '2026.01', format: 3, ...extra });

/** A PNG of one pixel. */
export const onePixelPng = checkerPng(1, 1);

/** A dictionary with every glossary form, tags, term meta of each kind, kanji and kanji meta. */
export function everyFormZip(title = 'Every Form') {
  return zipBytes({
    'index.json': sampleIndex(title, { author: 'Tester', attribution: 'CC0', sourceLanguage: 'ja', targetLanguage: 'zh', frequencyMode: 'rank-based' }),
    'tag_bank_1.json': [
      ['v1', 'partOfSpeech', 0, 'Ichidan verb', 0],
      ['★', 'popular', -10, 'common word', 10],
      ['strokes', 'misc', 0, 'Stroke count', 0],
      ['hei', 'pitch', 0, 'heiban', 0],
    ],
    'term_bank_1.json': [
      [
        '食べる',
        'たべる',
        'v1',
        'v1',
        100,
        [
          '吃',
          { type: 'text', text: '吃饭' },
          {
            type: 'structured-content',
            content: [
              { tag: 'ol', content: [{ tag: 'li', style: { fontWeight: 'bold' }, content: ['to eat', { tag: 'br' }] }] },
              { tag: 'ruby', content: ['食', { tag: 'rt', content: 'た' }] },
              { tag: 'a', href: '?query=食う', content: '食う' },
              { tag: 'img', path: 'img/pixel.png', width: 1, height: 1, sizeUnits: 'em' },
              { tag: 'details', open: false, content: [{ tag: 'summary', content: 'examples' }, { tag: 'div', data: { content: 'example' }, content: '例' }] },
              { tag: 'table', content: [{ tag: 'tr', content: [{ tag: 'td', colSpan: 2, content: 'x' }] }] },
            ],
          },
          { type: 'image', path: 'img/pixel.png', width: 1, height: 1, alt: 'pixel' },
        ],
        1,
        '★',
      ],
      ['食べた', '', '', '', 0, [['食べる', ['past']]], 2, ''],
    ],
    'term_meta_bank_1.json': [
      ['食べる', 'freq', { reading: 'たべる', frequency: { value: 120, displayValue: '120㋕' } }],
      ['食べる', 'freq', 5000],
      ['食べる', 'pitch', { reading: 'たべる', pitches: [{ position: 2, nasal: 1, devoice: [3], tags: ['hei'] }] }],
      ['食べる', 'ipa', { reading: 'たべる', transcriptions: [{ ipa: '[ta̠be̞ɾɯ̟]', tags: ['hei'] }] }],
    ],
    'kanji_bank_1.json': [['食', 'ショク ジキ', 'く.う た.べる', 'jouyou', ['eat', 'food'], { strokes: '9', grade: '2' }]],
    'kanji_meta_bank_1.json': [['食', 'freq', 328]],
    'img/pixel.png': onePixelPng,
    'styles.css': '.gloss { color: red; position: fixed } @import url(https://evil.example/x.css); body { background: url(https://evil.example/p.png); margin: 0 }',
  });
}
