import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('keeps the total weight within its bound, dropping the least recently used first', () => {
    const cache = new LruCache<string, string>(10, (key, value) => key.length + value.length);
    cache.set('a', '1234');
    cache.set('b', '1234');
    expect(cache.weight).toBe(10);
    // A read makes `a` the most recent, so `b` leaves when room is needed.
    expect(cache.get('a')).toBe('1234');
    cache.set('c', '12');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('1234');
    expect(cache.get('c')).toBe('12');
    expect(cache.weight).toBe(8);
  });

  it('replaces an entry in place and refuses one heavier than the whole cache', () => {
    const cache = new LruCache<string, string>(10, (key, value) => key.length + value.length);
    cache.set('a', '1');
    cache.set('a', '123');
    expect(cache.size).toBe(1);
    expect(cache.weight).toBe(4);
    cache.set('big', '12345678');
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('a')).toBe('123');
  });

  it('keeps within a number of entries as well as a weight, when given one', () => {
    const cache = new LruCache<string, number>(100, () => 1, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual([1, 3]);
  });

  it('weighs an entry edited in place again when it is set again, and forgets a deleted one', () => {
    const sets = { bytes: 8 };
    const cache = new LruCache<string, { bytes: number }>(10, (_key, value) => value.bytes);
    cache.set('small', { bytes: 2 });
    cache.set('sets', sets);
    expect(cache.weight).toBe(10);
    sets.bytes = 3;
    cache.set('sets', sets);
    expect(cache.weight).toBe(5);
    expect(cache.size).toBe(2);
    cache.delete('small');
    expect(cache.get('small')).toBeUndefined();
    expect(cache.weight).toBe(3);
  });
});
