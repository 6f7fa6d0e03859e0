import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEpub } from '../../../test-support/build-epub';
import { createLogger } from '../log';
import { Corpus } from './corpus';
import type { Block } from './extract';
import { CorpusSearch } from './search';
import { CorpusService } from './service';

const prose = fs.readFileSync(path.join(import.meta.dirname, '../../../test-support/fixtures/ja-manpages-prose.txt'), 'utf8');

let dataDir: string;
let service: CorpusService;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-corpus-'));
  service = new CorpusService(dataDir, createLogger('silent'));
});

afterAll(async () => {
  await service.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const counts = (corpus: Corpus) => ({
  documents: corpus.db.prepare('SELECT count(*) FROM documents').pluck().get(),
  sentences: corpus.db.prepare('SELECT count(*) FROM sentences').pluck().get(),
});

// kuromoji's dictionary takes seconds to load on a busy machine.
describe('Corpus', { timeout: 60_000 }, () => {
  it('adds nothing when an import fails part-way (one transaction)', () => {
    const corpus = new Corpus(path.join(dataDir, 'atomic.db'));
    corpus.insertDocument({ title: 'first', bytes: 10, kind: 'text' }, [{ text: '最初の文書です。' }]);
    const before = counts(corpus);
    const blocks: Block[] = [{ text: '猫が好きです。' }, { text: '犬も好きです。' }];
    Object.defineProperty(blocks, 2, { get: () => { throw new Error('disk went away'); }, enumerable: true });
    blocks.length = 3;
    expect(() => corpus.insertDocument({ title: 'broken', bytes: 10, kind: 'text' }, blocks)).toThrow('disk went away');
    expect(counts(corpus)).toEqual(before);
    const search = new CorpusSearch(corpus);
    expect(search.search({ q: '猫' }).total).toBe(0);
    expect(search.search({ q: '好きで' }).total).toBe(0);
    expect(search.search({ q: '最初' }).total).toBe(1);
    corpus.close();
  });

  it('sorts by year and by a seeded shuffle, and pages agree with the whole list', () => {
    const corpus = new Corpus(path.join(dataDir, 'sort.db'));
    const add = (title: string, pubYear: number | null, n: number, media = 'novel') =>
      corpus.insertDocument({ title, pubYear, media, bytes: 1, kind: 'text' }, Array.from({ length: n }, (_, i) => ({ text: `${title}の${i}番目の猫。` })));
    add('新しい', 2020, 4);
    add('年なし', null, 2, 'blog');
    add('古い', 1990, 3);
    add('中間', 2005, 5, 'news');
    const search = new CorpusSearch(corpus);
    const all = (params: object) => search.search({ q: '猫', limit: 500, ...params }).items.map((item) => `${item.title}:${item.position}`);
    expect(search.search({ q: '猫' }).counts).toEqual({ media: { novel: 7, blog: 2, news: 5 }, year: { '2020': 4, '': 2, '1990': 3, '2005': 5 } });
    const byYear = all({ sort: 'year' });
    expect(byYear.map((row) => row.split(':')[0])).toEqual([...Array(3).fill('古い'), ...Array(5).fill('中間'), ...Array(4).fill('新しい'), ...Array(2).fill('年なし')]);
    for (const sort of ['order', 'year', 'random'] as const) {
      const whole = all({ sort, seed: 's1' });
      const paged = [0, 3, 6, 9, 12].flatMap((offset) => all({ sort, seed: 's1', offset, limit: 3 }));
      expect(paged, sort).toEqual(whole);
    }
    expect(all({ sort: 'random', seed: 's1' })).not.toEqual(all({ sort: 'random', seed: 's2' }));
    expect(new Set(all({ sort: 'random', seed: 's1' }))).toEqual(new Set(all({})));
    expect(all({ sort: 'year', media: ['news', 'blog'] }).map((row) => row.split(':')[0])).toEqual([...Array(5).fill('中間'), ...Array(2).fill('年なし')]);
    corpus.close();
  });

  it('a cut EPUB adds nothing and is refused by name', async () => {
    const before = (await service.listDocuments()).length;
    const epub = buildEpub([{ file: 'a.xhtml', html: '<p>短い本です。</p>' }], ['a.xhtml']);
    await expect(service.importDocument({ kind: 'file', name: 'cut.epub', bytes: epub.slice(0, epub.length - 40) })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('cut.epub') });
    expect(await service.listDocuments()).toHaveLength(before);
    const whole = await service.importDocument({ kind: 'file', name: 'whole.epub', bytes: epub });
    expect(whole).toMatchObject({ title: 'テスト本', sentences: 1 });
    expect(await service.getDocument(whole.id)).toMatchObject({ author: '著者名', pubYear: 1999, kind: 'epub' });
  });

  it('finds the same sentences before and after the trigram index catches up, and reports import progress', async () => {
    const stats = await service.importDocument({ kind: 'text', text: prose }, { title: 'less', media: 'manual' }, 'import-less');
    expect(service.importStatus('import-less')).toMatchObject({ state: 'done', progress: 1, documentId: stats.id, sentences: stats.sentences });
    const queries = ['ファイル', 'オプション', 'コマンドを', '画面', 'は', 'less'];
    const early = await Promise.all(queries.map(async (q) => (await service.search({ q, doc: [stats.id], limit: 500 })).items.map((item) => item.sentenceId)));
    await service.indexesIdle();
    expect(await service.getDocument(stats.id)).toMatchObject({ trigramProgress: 1, lemmaProgress: 1 });
    const late = await Promise.all(queries.map(async (q) => (await service.search({ q, doc: [stats.id], limit: 500 })).items.map((item) => item.sentenceId)));
    expect(late).toEqual(early);
    expect(late[0].length).toBeGreaterThan(10);
    // Width folding: a full-width query finds the half-width text, and the key is the original.
    const wide = await service.search({ q: 'ｌｅｓｓ', doc: [stats.id], limit: 1 });
    expect(wide.items[0].key).toBe('less');
  });

  it('lemma search finds inflected forms, the key being the form in the sentence', async () => {
    const novel = await service.importDocument(
      { kind: 'text', text: '昨日はりんごを食べた。肉は食べない。子供に野菜を食べさせられる。\n東京へ行った。毎朝学校に行きます。食べ物が好きだ。彼は本を読んでいる。' },
      { title: '例文', media: 'examples', pubYear: 2020 },
    );
    await service.indexesIdle();
    const eat = await service.search({ q: '食べる', mode: 'lemma', doc: [novel.id] });
    expect(eat.items.map((item) => item.key)).toEqual(['食べた', '食べない', '食べさせられる']);
    expect(eat.items[0]).toMatchObject({ left: '昨日はりんごを', right: expect.stringMatching(/^。肉は/) });
    const go = await service.search({ q: '行く', mode: 'lemma', doc: [novel.id] });
    expect(go.items.map((item) => item.key)).toEqual(['行った', '行きます']);
    const read = await service.search({ q: '読む', mode: 'lemma', doc: [novel.id] });
    expect(read.items.map((item) => item.key)).toEqual(['読んでいる']);
    // String mode stays literal: 食べる itself is not in the text.
    expect((await service.search({ q: '食べる', doc: [novel.id] })).total).toBe(0);
  });

  it('keeps subtitle cue times on every sentence of a cue', async () => {
    const subs = await service.importDocument(
      { kind: 'cues', cues: [{ start: 1.5, end: 4, text: 'おはよう。今日は暑いね。' }, { start: 5, end: 6.25, text: '本当に暑い' }] },
      { title: 'ep1', media: 'subtitle', ref: 'media-42' },
    );
    expect(subs.sentences).toBe(3);
    const read = (await service.getSentences(subs.id, 0, 10))!;
    expect(read.sentences.map(({ text, start, end }) => ({ text, start, end }))).toEqual([
      { text: 'おはよう。', start: 1.5, end: 4 },
      { text: '今日は暑いね。', start: 1.5, end: 4 },
      { text: '本当に暑い', start: 5, end: 6.25 },
    ]);
    const hot = await service.search({ q: '暑', media: ['subtitle'] });
    expect(hot.items.map(({ key, start, end }) => ({ key, start, end }))).toEqual([
      { key: '暑', start: 1.5, end: 4 },
      { key: '暑', start: 5, end: 6.25 },
    ]);
    expect((await service.getDocument(subs.id))?.ref).toBe('media-42');
    expect((await service.documentsByRef('media-42')).map((doc) => doc.id)).toEqual([subs.id]);
    expect(await service.getSentence(hot.items[1].sentenceId)).toMatchObject({ docId: subs.id, position: 2, text: '本当に暑い', start: 5, end: 6.25 });
    expect(await service.deleteDocument(subs.id)).toBe(true);
    expect((await service.search({ q: '暑', media: ['subtitle'] })).total).toBe(0);
  });
});
