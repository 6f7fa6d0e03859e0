import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../common/settings';
import { buildNote, escapeHtml, fieldQuery, markWord, markedHtml, withMedia } from './anki-note';

describe('note building', () => {
  it('escapes the sentence so < and & arrive as written, the word in bold', () => {
    expect(escapeHtml('a<b & "c"\nd')).toBe('a&lt;b &amp; &quot;c&quot;<br>d');
    expect(markedHtml(markWord('x<y & 猫が好き', '猫'))).toBe('x&lt;y &amp; <b>猫</b>が好き');
  });

  it('marks the occurrence that follows the row’s left context', () => {
    expect(markWord('猫と猫と犬', '猫', 'ここに猫と')).toEqual({ text: '猫と猫と犬', mark: { start: 2, end: 3 } });
    expect(markWord('犬だけ', '猫')).toEqual({ text: '犬だけ' });
  });

  it('puts each part in its mapped field, several under one another, media kept for later', () => {
    const anki = { ...defaultSettings().anki, deck: 'Japanese::Mining', tags: 'kotonoha  mined' };
    const { note, media } = buildNote(
      { word: '図書館', reading: 'としょかん', meaning: 'library', sentence: { text: '図書館で<本>', mark: { start: 0, end: 3 } }, source: 'Book & Co', audio: { url: '/a', filename: 'a.mp3' } },
      anki,
    );
    expect(note).toEqual({
      deckName: 'Japanese::Mining',
      modelName: 'Basic',
      fields: { Front: '図書館', Back: 'としょかん<br>library<br><b>図書館</b>で&lt;本&gt;<br>Book &amp; Co' },
      tags: ['kotonoha', 'mined'],
      options: { allowDuplicate: false, duplicateScope: 'deck', duplicateScopeOptions: { deckName: 'Japanese::Mining', checkChildren: true, checkAllModels: false } },
    });
    expect(media).toEqual([{ url: '/a', filename: 'a.mp3', part: 'audio', field: 'Back' }]);
    expect(withMedia(note, [{ part: 'audio', field: 'Back', name: 'a-1.mp3' }, { part: 'picture', field: 'Front', name: 'p.jpg' }]).fields).toEqual({
      Front: '図書館<br><img src="p.jpg">',
      Back: 'としょかん<br>library<br><b>図書館</b>で&lt;本&gt;<br>Book &amp; Co<br>[sound:a-1.mp3]',
    });
  });

  it('searches a field for exactly the value, specials escaped', () => {
    expect(fieldQuery('Front', '<b>a_b*"c"</b>')).toBe('"Front:a\\_b\\*\\"c\\""');
  });
});
