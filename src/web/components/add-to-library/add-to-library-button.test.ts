import { describe, expect, it } from 'vitest';
import { titleFromText } from './add-to-library-button';

describe('titleFromText', () => {
  it('takes the first line without markdown marks, cut at 30 characters', () => {
    expect(titleFromText('## 「食べる」の使い方\n本文', 'chat')).toBe('chat: 「食べる」の使い方');
    expect(titleFromText('あ'.repeat(40), 'translation')).toBe(`translation: ${'あ'.repeat(30)}…`);
  });
});
