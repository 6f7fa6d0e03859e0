import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSearches, deleteSearch, listSearches, recordSearch } from './history-db';

describe('shonagon search history', () => {
  beforeEach(() => clearSearches());

  it('lists newest first and moves a repeated query to the top', async () => {
    await recordSearch({ query: '猫', mode: 'string', total: 3, createdAt: 1 });
    await recordSearch({ query: '食べる', mode: 'lemma', total: 5, createdAt: 2 });
    await recordSearch({ query: '猫', mode: 'string', total: 4, createdAt: 3 });
    const list = await listSearches();
    expect(list.map((e) => [e.query, e.total])).toEqual([['猫', 4], ['食べる', 5]]);
  });

  it('keeps the same query in another mode apart and deletes one entry', async () => {
    await recordSearch({ query: '行く', mode: 'string', total: 1, createdAt: 1 });
    await recordSearch({ query: '行く', mode: 'lemma', total: 2, createdAt: 2 });
    const [lemma] = await listSearches();
    await deleteSearch(lemma.id!);
    expect((await listSearches()).map((e) => e.mode)).toEqual(['string']);
  });
});
