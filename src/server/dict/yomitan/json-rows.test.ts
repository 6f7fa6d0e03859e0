import { describe, expect, it } from 'vitest';
import { jsonRows } from './json-rows';

const rows = (text: string) => [...jsonRows(text)].map((slice) => ({ row: JSON.parse(text.slice(slice.start, slice.end)) as unknown, glossary: slice.glossaryEnd > slice.glossaryStart ? text.slice(slice.glossaryStart, slice.glossaryEnd) : null }));

describe('jsonRows', () => {
  it('slices each row and its glossary column, past strings holding brackets, commas and escapes', () => {
    const text = ' [\n ["a]", "b,\\"[", null, "", 1, ["x]", {"tag": "span", "content": "},"}], 3, ""] ,\n["c","",null,"",0,[], 1, "t"], ["d","e","f","g",1,["only six"]], 5, "s" ] \n';
    expect(rows(text)).toEqual([
      { row: ['a]', 'b,"[', null, '', 1, ['x]', { tag: 'span', content: '},' }], 3, ''], glossary: ' ["x]", {"tag": "span", "content": "},"}]' },
      { row: ['c', '', null, '', 0, [], 1, 't'], glossary: '[]' },
      { row: ['d', 'e', 'f', 'g', 1, ['only six']], glossary: '["only six"]' },
      { row: 5, glossary: null },
      { row: 's', glossary: null },
    ]);
    expect(rows('[]')).toEqual([]);
    expect(rows(' [ ] ')).toEqual([]);
  });

  it('refuses what is not one list of rows', () => {
    for (const bad of ['{"a": 1}', '[[1] [2]]', '[[1],,[2]]', '[[1]] x', '[["a]', '[[1]']) {
      expect(() => rows(bad), bad).toThrow();
    }
  });
});
