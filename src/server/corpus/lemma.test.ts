import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedOrOwnAnalyzer, type Analyzer } from './lemma';

const shared: Analyzer = { analyze: () => [] };
const own: Analyzer = { analyze: () => [] };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sharedOrOwnAnalyzer', () => {
  it('never loads its own copy once the shared one came, however long the thread lives', async () => {
    let resolveShared: (analyzer: Analyzer) => void = () => undefined;
    const load = vi.fn(() => Promise.resolve(own));
    const analyzer = sharedOrOwnAnalyzer(new Promise((resolve) => (resolveShared = resolve)), load, 30_000);
    const first = analyzer();
    await vi.advanceTimersByTimeAsync(1_000);
    resolveShared(shared);
    expect(await first).toBe(shared);
    for (let minute = 0; minute < 5; minute++) {
      expect(await analyzer()).toBe(shared);
      await vi.advanceTimersByTimeAsync(60_000);
    }
    expect(load).not.toHaveBeenCalled();
  });

  it('loads its own copy once when the shared one has not come in time', async () => {
    const load = vi.fn(() => Promise.resolve(own));
    const analyzer = sharedOrOwnAnalyzer(new Promise<Analyzer>(() => undefined), load, 30_000);
    const first = analyzer();
    const second = analyzer();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await first).toBe(own);
    expect(await second).toBe(own);
    expect(await analyzer()).toBe(own);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries its own copy again at the next call when loading it failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('no dictionary')).mockResolvedValue(own);
    const analyzer = sharedOrOwnAnalyzer(new Promise<Analyzer>(() => undefined), load, 1_000);
    const first = analyzer();
    const failed = expect(first).rejects.toThrow('no dictionary');
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
    const second = analyzer();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await second).toBe(own);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
