import { describe, expect, it } from 'vitest';
import { planShare, shareMaxCharacters } from './shared-text';

describe('planShare', () => {
  it('looks up a word or a short phrase in the dictionary', () => {
    expect(planShare({ text: '  猫  ' })).toEqual({ kind: 'dictionary', text: '猫' });
    expect(planShare({ text: '一期一会を大切にしたいと思います' })).toEqual({ kind: 'dictionary', text: '一期一会を大切にしたいと思います' });
  });

  it('fills a longer text, or one of several lines, into Translate', () => {
    expect(planShare({ text: '一期一会を大切にしたいと思いますよ' })).toEqual({ kind: 'translate', text: '一期一会を大切にしたいと思いますよ' });
    expect(planShare({ text: '猫\n犬' })).toEqual({ kind: 'translate', text: '猫\n犬' });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(planShare({ text: '𠮷'.repeat(16) })).toEqual({ kind: 'dictionary', text: '𠮷'.repeat(16) });
  });

  it('leaves links out, and takes the title when the text was only a link', () => {
    expect(planShare({ text: '食べる https://example.com/a?b=c' })).toEqual({ kind: 'dictionary', text: '食べる' });
    expect(planShare({ title: '言葉 https://x.test', text: 'https://example.com/page', url: 'https://example.com/page' })).toEqual({ kind: 'dictionary', text: '言葉' });
  });

  it('says when nothing is left', () => {
    expect(planShare({})).toEqual({ kind: 'empty' });
    expect(planShare({ title: ' ', text: 'https://example.com', url: 'https://example.com' })).toEqual({ kind: 'empty' });
  });

  it('cuts a huge share and says from how long', () => {
    const plan = planShare({ text: 'あ'.repeat(shareMaxCharacters + 5) });
    expect(plan).toEqual({ kind: 'translate', text: 'あ'.repeat(shareMaxCharacters), cutFrom: shareMaxCharacters + 5 });
  });
});
