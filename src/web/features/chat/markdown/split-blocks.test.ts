import { describe, expect, it } from 'vitest';
import { BlockSplitter, splitBlocks } from './split-blocks';

const reply = [
  '# Title',
  '',
  'A paragraph with **bold** text',
  'and a second line.',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '```ts',
  'const x = 1;',
  '',
  'const y = 2;',
  '```',
  '',
  '- one',
  '- two',
  '',
  '> quoted',
  '',
  'The end.',
].join('\n');

describe('splitBlocks', () => {
  it('splits a complete reply into its markdown blocks', () => {
    const { finished, tail } = splitBlocks(reply);
    expect(tail).toBe('');
    expect(finished.map((block) => block.trim().split('\n')[0])).toEqual(['# Title', 'A paragraph with **bold** text', '| a | b |', '```ts', '- one', '> quoted', 'The end.']);
  });

  it('keeps a blank line inside a fenced code block in one block', () => {
    const code = splitBlocks(reply).finished.find((block) => block.startsWith('```'));
    expect(code).toContain('const x = 1;\n\nconst y = 2;');
  });

  it('normalises CRLF', () => {
    expect(splitBlocks('a\r\n\r\nb').finished.map((block) => block.trim())).toEqual(['a', 'b']);
  });
});

describe('BlockSplitter', () => {
  it('streams to the same blocks as a whole-text split, whatever the chunking', () => {
    for (const size of [1, 3, 17]) {
      const splitter = new BlockSplitter();
      let result = splitter.update('');
      for (let end = size; end < reply.length + size; end += size) result = splitter.update(reply.slice(0, end));
      const streamed = [...result.finished, result.tail].map((block) => block.trim()).filter(Boolean);
      expect(streamed).toEqual(splitBlocks(reply).finished.map((block) => block.trim()));
    }
  });

  it('never changes a finished block and only the tail grows', () => {
    const splitter = new BlockSplitter();
    const first = splitter.update('# Title\n\nPara one.\n\nPara t');
    expect(first.finished.map((b) => b.trim())).toEqual(['# Title', 'Para one.']);
    expect(first.tail).toBe('Para t');
    const kept = first.finished.slice();
    const second = splitter.update('# Title\n\nPara one.\n\nPara two is longer');
    expect(second.finished.slice(0, kept.length)).toEqual(kept);
    expect(second.tail).toBe('Para two is longer');
  });

  it('keeps an unclosed code fence as the growing tail', () => {
    const splitter = new BlockSplitter();
    const result = splitter.update('Intro\n\n```js\nconst a = 1;\n\nconst b');
    expect(result.finished.map((b) => b.trim())).toEqual(['Intro']);
    expect(result.tail.startsWith('```js')).toBe(true);
    expect(result.tail).toContain('const b');
  });

  it('starts over when the text is replaced rather than extended', () => {
    const splitter = new BlockSplitter();
    splitter.update('one\n\ntwo\n\nthree');
    const result = splitter.update('other\n\nx');
    expect(result.finished.map((b) => b.trim())).toEqual(['other']);
    expect(result.tail).toBe('x');
  });
});

describe('BlockSplitter.finish', () => {
  it('ends with the streamed blocks plus the tail, without starting over', () => {
    const splitter = new BlockSplitter();
    splitter.update(reply.slice(0, 60));
    const streamedFinished = splitter.update(reply).finished.slice();
    expect(splitter.hasStreamed(reply)).toBe(true);
    const done = splitter.finish(reply);
    expect(done.tail).toBe('');
    expect(done.finished.slice(0, streamedFinished.length)).toEqual(streamedFinished);
    expect(done.finished.map((block) => block.trim())).toEqual(splitBlocks(reply).finished.map((block) => block.trim()));
    expect(new BlockSplitter().hasStreamed(reply)).toBe(false);
  });
});
