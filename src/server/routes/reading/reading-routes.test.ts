import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { readingAnswerSchema, type ReadingToken } from '../../../common/reading';
import { ReadingService } from '../../corpus/reading-service';
import { splitSentences } from '../../corpus/split';
import { parseEnv } from '../../env';
import { createLogger } from '../../log';
import { fixtureTexts } from '../../../../test-support/shonagon-fixture';
import { recordingLogger } from '../../../../test-support/recording-logger';

const env = parseEnv({ DATA_DIR: path.join(os.tmpdir(), 'kotonoha-reading-none'), LOG_LEVEL: 'silent', KOTONOHA_DIST_DIR: path.join(os.tmpdir(), 'kotonoha-none') });
let reading: ReadingService;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  reading = new ReadingService({ log: createLogger('silent'), threads: 2 });
  app = createApp({ env, reading });
});

afterAll(() => reading.close());

function post(body: unknown) {
  return app.request('/api/reading', { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function read(texts: string[]): Promise<ReadingToken[][]> {
  const response = await post({ texts });
  expect(response.status).toBe(200);
  return readingAnswerSchema.parse(await response.json()).results;
}

/** A text as ruby would draw it: 図書館(としょかん)で本(ほん)を. */
const marked = (tokens: ReadingToken[]) => tokens.map((token) => (token.reading ? `${token.surface}(${token.reading})` : token.surface)).join('');

// The analyser's dictionary takes seconds to load on a busy machine.
describe('POST /api/reading', { timeout: 120_000 }, () => {
  it('reads common words in hiragana, over the kanji only', async () => {
    const [first, second, third, fourth] = await read(['今日は昨日より寒い。', '一人の大人が図書館へ行った。', '図書館で本を読む', 'ご飯を食べる']);
    expect(marked(first)).toBe('今日(きょう)は昨日(きのう)より寒(さむ)い。');
    expect(marked(second)).toBe('一人(ひとり)の大人(おとな)が図書館(としょかん)へ行(い)った。');
    expect(second.find((token) => token.surface === '図書館')).toEqual({ surface: '図書館', reading: 'としょかん' });
    expect(marked(third)).toBe('図書館(としょかん)で本(ほん)を読(よ)む');
    expect(marked(fourth)).toBe('ご飯(はん)を食(た)べる');
  });

  it('puts readings on kanji only: kana, Latin, emoji and half-width katakana come back bare', async () => {
    const [latin, emoji, halfWidth, katakana, unknown] = await read(['Hello, world 2024!', '🍣を食べた😀', 'ｱｲｳｴｵを見た', 'コンピューター', '𠮷']);
    expect(latin.map((token) => token.surface).join('')).toBe('Hello, world 2024!');
    expect(latin.every((token) => token.reading === undefined)).toBe(true);
    expect(marked(emoji)).toBe('🍣を食(た)べた😀');
    expect(marked(halfWidth)).toBe('ｱｲｳｴｵを見(み)た');
    expect(marked(katakana)).toBe('コンピューター');
    // An unknown word: no reading rather than a wrong one.
    expect(unknown).toEqual([{ surface: '𠮷' }]);
  });

  it('reads a number with its counter as one word', async () => {
    const results = await read(['二人で三本の木を見た', '三日前に一匹の猫', '二十一人']);
    expect(marked(results[0])).toBe('二人(ふたり)で三本(さんぼん)の木(き)を見(み)た');
    expect(marked(results[1])).toBe('三日(みっか)前(まえ)に一匹(いっぴき)の猫(ねこ)');
    expect(marked(results[2])).toBe('二(に)十(じゅう)一(いち)人(にん)');
  });

  it('gives every sentence of the corpus fixture back unchanged when its surfaces are joined', async () => {
    const sentences = fixtureTexts.flatMap((fixture) => splitSentences(fixture.text).map((span) => fixture.text.slice(span.start, span.end)));
    sentences.push('  前後に空白　と\tタブ  ', 'Ｆｕｌｌ　ｗｉｄｔｈ　ＡＢＣ、１２３', 'ｶﾞｷﾞｸﾞ', `${'長い文章、'.repeat(400)}終わり。`);
    expect(sentences.length).toBeGreaterThan(20);
    const results = await read(sentences);
    results.forEach((tokens, i) => {
      expect(tokens.map((token) => token.surface).join(''), sentences[i]).toBe(sentences[i]);
      for (const token of tokens) {
        if (token.reading === undefined) continue;
        expect(token.reading, sentences[i]).toMatch(/^[\p{Script=Hiragana}ー]+$/u);
        expect(token.surface, sentences[i]).toMatch(/^[\p{Script=Han}々〆ヶヵ]+$/u);
      }
    });
    expect(results.flat().filter((token) => token.reading).length).toBeGreaterThan(100);
  });

  it('answers the same sentence from its cache', async () => {
    const sentence = '羅生門の下で雨やみを待っていた。';
    const before = reading.stats();
    const [first] = await read([sentence]);
    const afterFirst = reading.stats();
    expect(afterFirst.analysed).toBe(before.analysed + 1);
    const [again, twice] = await read([sentence, sentence]);
    const afterSecond = reading.stats();
    expect(afterSecond.analysed).toBe(afterFirst.analysed);
    expect(afterSecond.cached).toBe(afterFirst.cached + 2);
    expect(again).toEqual(first);
    expect(twice).toEqual(first);
  });

  it('refuses more than 200 texts or 20,000 characters with 413, and malformed bodies with 400', async () => {
    const many = await post({ texts: Array.from({ length: 201 }, () => '本') });
    expect(many.status).toBe(413);
    expect(await many.json()).toEqual({ error: expect.stringContaining('200'), code: 'too-many-texts', params: { count: 201, max: 200 } });
    const long = await post({ texts: ['あ'.repeat(10_000), '漢'.repeat(10_001)] });
    expect(long.status).toBe(413);
    expect((await post({ texts: ['あ'.repeat(20_000)] })).status).toBe(200);
    for (const bad of ['not json', '{"texts": "本"}', '{"texts": [1, 2]}', '[]', '{}']) {
      const response = await post(bad);
      expect(response.status, bad).toBe(400);
      expect(await response.json(), bad).toMatchObject({ error: expect.any(String), code: bad === 'not json' ? 'body-not-json' : 'invalid-input' });
    }
    const huge = await post({ texts: ['x'.repeat(300_000)] });
    expect(huge.status).toBe(413);
  });

  it('answers 503 JSON, once per failure, when the analyser cannot load', async () => {
    const { log, lines } = recordingLogger();
    const broken = new ReadingService({ log, dictDir: path.join(os.tmpdir(), 'kotonoha-no-dictionary') });
    const brokenApp = createApp({ env, reading: broken });
    try {
      const request = () => brokenApp.request('/api/reading', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ texts: ['本'] }) });
      const response = await request();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: expect.stringContaining('analyser'), code: 'reading-unavailable' });
      // Refused at once while the failure is fresh: no thread started per request.
      expect((await request()).status).toBe(503);
      expect(lines.filter((line) => line.includes('reading analyser failed'))).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});
