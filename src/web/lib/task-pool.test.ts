import { describe, expect, it } from 'vitest';
import { TaskPool } from './task-pool';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TaskPool', () => {
  it('never runs more than its concurrency at once and keeps results', async () => {
    const pool = new TaskPool(2);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        pool.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await delay(10);
          running--;
          return n * 2;
        }),
      ),
    );
    expect(results).toEqual([2, 4, 6, 8, 10]);
    expect(peak).toBe(2);
  });

  it('a failing task rejects alone and frees its slot', async () => {
    const pool = new TaskPool(1);
    const failed = pool.run(async () => {
      throw new Error('boom');
    });
    const next = pool.run(async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });

  it('a task that throws synchronously rejects alone and frees its slot', async () => {
    const pool = new TaskPool(1);
    const failed = pool.run((): Promise<string> => {
      throw new Error('sync boom');
    });
    const next = pool.run(async () => 'ok');
    await expect(failed).rejects.toThrow('sync boom');
    await expect(next).resolves.toBe('ok');
    expect(pool.size).toBe(0);
  });

  it('rejects a concurrency below one', () => {
    expect(() => new TaskPool(0)).toThrow(RangeError);
  });
});
