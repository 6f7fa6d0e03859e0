import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Corpus, segmentKind } from './corpus';
import { mulberry32 } from './shuffle';
import { normalize } from './normalize';
import { CorpusSearch, SearchCancelled } from './search';

const prose = fs.readFileSync(path.join(import.meta.dirname, '../../../test-support/fixtures/ja-manpages-prose.txt'), 'utf8');
const lines = prose.split('\n').filter((line) => line.trim());

let dir: string;
let corpus: Corpus;
let search: CorpusSearch;
const media = ['novel', 'news', 'blog'];

/** Every sentence, from the database itself: the brute-force answer the index must agree with. */
function scan(q: string) {
  const docs = corpus.docRows().filter((doc) => doc.first_sid !== null);
  const needle = normalize(q);
  const rows = corpus.db.prepare('SELECT id, text FROM sentences ORDER BY id').all() as Array<{ id: number; text: string }>;
  return rows
    .filter((row) => normalize(row.text).includes(needle))
    .map((row) => ({ id: row.id, doc: docs.find((doc) => doc.first_sid! <= row.id && row.id <= doc.last_sid!)! }))
    .filter((hit) => hit.doc);
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-search-'));
  corpus = new Corpus(path.join(dir, 'corpus.db'));
  search = new CorpusSearch(corpus);
  const next = mulberry32(3);
  // Documents of very different sizes, years and media, some without a year.
  for (let d = 0; d < 14; d++) {
    const count = d % 4 === 0 ? 400 : 3 + Math.floor(next() * 60);
    const blocks = Array.from({ length: count }, () => ({ text: lines[Math.floor(next() * lines.length)] }));
    corpus.insertDocument({ title: `doc ${d}`, media: media[d % 3], pubYear: d % 5 === 0 ? null : 1990 + Math.floor(next() * 30), bytes: 1, kind: 'text' }, blocks);
  }
});

afterAll(() => {
  corpus.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const queries = ['の', 'は', 'る', 'ファ', 'する', 'ファイル', 'ている', 'オプション', 'を指定する', 'less', 'ｌｅｓｓ', '存在しない語句', '。', 'の。'];

function expectAgrees(label: string) {
  for (const q of queries) {
    const hits = scan(q);
    const result = search.search({ q, limit: 500 });
    expect(result.total, `${label} ${q}`).toBe(hits.length);
    expect(result.items.map((item) => Number(item.sentenceId)), `${label} ${q}`).toEqual(hits.slice(0, 500).map((hit) => hit.id));
    const years: Record<string, number> = {};
    const byMedia: Record<string, number> = {};
    for (const hit of hits) {
      byMedia[hit.doc.media] = (byMedia[hit.doc.media] ?? 0) + 1;
      const year = hit.doc.pub_year === null ? '' : String(hit.doc.pub_year);
      years[year] = (years[year] ?? 0) + 1;
    }
    expect(result.counts, `${label} ${q}`).toEqual({ media: byMedia, year: years });
  }
}

describe('CorpusSearch', () => {
  it('finds exactly the sentences a scan finds, with exact totals and counts', () => {
    expectAgrees('fresh');
  });

  it('filters and sorts pages that agree with the whole list, for every sort', () => {
    const hits = scan('の');
    const years = hits.map((hit) => hit.doc.pub_year).filter((year): year is number => year !== null);
    const from = Math.min(...years) + 3;
    const filtered = hits.filter((hit) => hit.doc.media !== 'blog' && hit.doc.pub_year !== null && hit.doc.pub_year >= from);
    const params = { q: 'の', media: ['novel', 'news'], from };
    const whole = (sort: 'order' | 'year' | 'random', seed = 's') => search.search({ ...params, sort, seed, limit: 500 }).items.map((item) => Number(item.sentenceId));
    expect(search.search(params).total).toBe(filtered.length);
    expect(whole('order')).toEqual(filtered.slice(0, 500).map((hit) => hit.id));
    const byYear = [...filtered].sort((a, b) => a.doc.pub_year! - b.doc.pub_year! || a.id - b.id);
    expect(whole('year')).toEqual(byYear.slice(0, 500).map((hit) => hit.id));
    for (const sort of ['order', 'year', 'random'] as const) {
      const pages = [0, 37, 74, 111].flatMap((offset) => search.search({ ...params, sort, seed: 's', offset, limit: 37 }).items.map((item) => Number(item.sentenceId)));
      expect(pages, sort).toEqual(whole(sort).slice(0, 148));
      expect(search.search({ ...params, sort, seed: 's', offset: 100, limit: 5 }).items.map((item) => item.index)).toEqual([101, 102, 103, 104, 105]);
    }
    const shuffled: number[] = [];
    for (let offset = 0; offset < filtered.length; offset += 500) shuffled.push(...search.search({ ...params, sort: 'random', seed: 's', limit: 500, offset }).items.map((item) => Number(item.sentenceId)));
    expect(shuffled).toHaveLength(filtered.length);
    expect(new Set(shuffled)).toEqual(new Set(filtered.map((hit) => hit.id)));
    expect(shuffled.slice(0, 500)).not.toEqual(whole('random', 'other'));
    const oneDoc = String(filtered[0].doc.id);
    expect(search.search({ q: 'の', doc: [oneDoc] }).total).toBe(hits.filter((hit) => String(hit.doc.id) === oneDoc).length);
  });

  it('pages of queries taken in turns, whose sets a page before let go, agree with a fresh search', () => {
    // A remembered query keeps its counts and only the sets its last page used; the next page reads the others again.
    const remembering = new CorpusSearch(corpus);
    const asked = [
      { q: 'の', mode: 'string' as const },
      { q: 'ファイル', mode: 'string' as const },
      { q: 'する', mode: 'string' as const },
    ];
    const ids = (result: ReturnType<CorpusSearch['search']>) => result.items.map((item) => [item.index, Number(item.sentenceId), item.left, item.key, item.right]);
    for (const offset of [0, 290, 23, 580, 3]) {
      for (const query of asked) {
        for (const sort of ['order', 'year', 'random'] as const) {
          const params = { ...query, sort, seed: 'turns', offset, limit: 40 };
          const fresh = new CorpusSearch(corpus).search(params);
          const again = remembering.search(params);
          expect(again.total).toBe(fresh.total);
          expect(again.counts).toEqual(fresh.counts);
          expect(ids(again), `${query.q} ${sort} ${offset}`).toEqual(ids(fresh));
        }
      }
    }
  });

  it('stops a cancelled search', () => {
    expect(() => search.search({ q: 'の' }, { cancelled: () => true })).toThrow(SearchCancelled);
  });

  it('agrees after deletes and after merging segments, which drops the deleted postings', () => {
    const docs = corpus.listDocuments();
    corpus.deleteDocument(docs[3].id);
    corpus.deleteDocument(docs[8].id);
    expectAgrees('deleted');
    const before = corpus.segments(segmentKind.string).length;
    let merges = 0;
    while (corpus.compact(segmentKind.string, 2)) merges++;
    expect(merges).toBeGreaterThan(0);
    expect(corpus.segments(segmentKind.string).length).toBeLessThan(before);
    expectAgrees('merged');
    // The pages the merge and the deletes freed go back to the disk.
    corpus.db.pragma('wal_checkpoint(TRUNCATE)');
    const fileBefore = fs.statSync(corpus.path).size;
    expect(corpus.db.pragma('freelist_count', { simple: true })).toBeGreaterThan(0);
    corpus.reclaimFreePages();
    corpus.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(corpus.db.pragma('freelist_count', { simple: true })).toBe(0);
    expect(fs.statSync(corpus.path).size).toBeLessThan(fileBefore);
    expectAgrees('reclaimed');
  });
});
