import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalize } from './normalize';
import { buildStringPostings, unpackRows } from './postings';
import { helperBuilder, type PostingsBuilder } from './postings-builder';

/** A segment's sentences (as read: the builder normalises them) added one by one, then finished: the function that waits for the rows. */
function buildAll(build: PostingsBuilder, offsets: number[], originals: string[], span: number) {
  const segment = build();
  offsets.forEach((offset, i) => segment.add(offset, originals[i]));
  return segment.finish(span);
}

const prose = fs.readFileSync(path.join(import.meta.dirname, '../../../test-support/fixtures/ja-manpages-prose.txt'), 'utf8');
const helper = helperBuilder({ idleMs: 60_000 });

afterAll(() => helper.stop());

// The helper thread starts under tsx in seconds on a busy machine.
describe('postings builder', { timeout: 60_000 }, () => {
  it('builds in its helper thread exactly what the writer would, segment after segment', async () => {
    const originals = prose.split('\n').filter(Boolean);
    const texts = originals.map(normalize);
    const offsets = texts.map((_, i) => i * 2);
    const expected = buildStringPostings(offsets, texts, offsets[offsets.length - 1] + 1);
    // Until the helper is up, the builder works in the caller; then in the helper.
    expect(unpackRows(buildAll(helper.build, offsets, originals, offsets[offsets.length - 1] + 1)())).toEqual(expected);
    expect(helper.started()).toBe(false);
    helper.warm();
    for (let tries = 0; !(await new Promise<boolean>((resolve) => setTimeout(() => resolve(helper.started()), 20))); tries++) expect(tries).toBeLessThan(2500);
    const first = buildAll(helper.build, offsets, originals, offsets[offsets.length - 1] + 1);
    const second = buildAll(helper.build, offsets.slice(0, 10), originals.slice(0, 10), 19);
    expect(unpackRows(second())).toEqual(buildStringPostings(offsets.slice(0, 10), texts.slice(0, 10), 19));
    expect(unpackRows(first())).toEqual(expected);
    // More sentences than one batch to the helper: counted batch by batch, the same rows.
    const many = Array.from({ length: 10_000 }, (_, i) => originals[i % originals.length] + String(i));
    const manyOffsets = many.map((_, i) => i + (i >> 3));
    const span = manyOffsets[manyOffsets.length - 1] + 1;
    expect(unpackRows(buildAll(helper.build, manyOffsets, many, span)())).toEqual(buildStringPostings(manyOffsets, many.map(normalize), span));
    // A segment left open (its import failed after a batch went to the helper): the next one is built as if it had not been.
    const abandoned = helper.build();
    for (let i = 0; i < 5000; i++) abandoned.add(manyOffsets[i], many[i]);
    expect(unpackRows(buildAll(helper.build, offsets, originals, offsets[offsets.length - 1] + 1)())).toEqual(expected);
    await helper.stop();
    expect(helper.started()).toBe(false);
    expect(unpackRows(buildAll(helper.build, offsets.slice(0, 10), originals.slice(0, 10), 19)())).toEqual(buildStringPostings(offsets.slice(0, 10), texts.slice(0, 10), 19));
  });
});
