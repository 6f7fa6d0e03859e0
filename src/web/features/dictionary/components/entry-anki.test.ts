import { describe, expect, it } from 'vitest';
import { eatEntry, eatSecondEntry } from '../../../../../test-support/dictionary-answers';
import { defaultSettings } from '../../../../common/settings';
import { buildNote } from '../../../lib/anki/anki-note';
import { ankiCardOf } from './entry-anki';

describe('add to Anki from a lookup card', () => {
  it('gives the pitch, the frequencies and the first dictionary’s definitions as simple HTML', () => {
    const card = ankiCardOf(eatEntry, { text: '朝ご飯を食べる。', mark: { start: 4, end: 7 } });
    expect(card.word).toBe('食べる');
    expect(card.reading).toBe('たべる');
    expect(card.pitch).toBe('たべる [2]');
    expect(card.frequency).toBe('JPDB: 1234, BCCWJ: 687');
    // Jitendex comes first: its structured content as lines, ruby kept, links' words without the links.
    expect(card.glossary).toBe(
      'ichidan, transitive<br>to eat<br><ruby>朝<rt>あさ</rt></ruby>ご<ruby>飯<rt>はん</rt></ruby>を食べる。<br>I eat breakfast.<br>to live on (e.g. a salary); to live off; to subsist on →食う<br>JMdict',
    );
    expect(ankiCardOf(eatSecondEntry).glossary).toBe('<i>(n)</i> food; provisions');
    expect(ankiCardOf(eatSecondEntry).pitch).toBe('たべもの [3], たべもの [2]');
  });

  it('maps them to the fields chosen in Settings → Anki, the glossary kept as HTML and the rest escaped', () => {
    const anki = { ...defaultSettings().anki, fields: { ...defaultSettings().anki.fields, pitch: 'Pitch', frequency: 'Frequency', glossary: 'Glossary' } };
    const { note } = buildNote({ ...ankiCardOf(eatEntry), frequency: 'A<B: 1' }, anki);
    expect(note.fields.Pitch).toBe('たべる [2]');
    expect(note.fields.Frequency).toBe('A&lt;B: 1');
    expect(note.fields.Glossary).toContain('<ruby>朝<rt>あさ</rt></ruby>');
    // Unmapped by default: a note made before keeps its fields.
    expect(buildNote(ankiCardOf(eatEntry), defaultSettings().anki).note.fields).not.toHaveProperty('Pitch');
  });

  it('escapes what a dictionary wrote in its glosses and leaves out elements outside the schema', () => {
    const hostile = { ...eatEntry, definitions: [{ dictionary: 'x', title: 'X', definitions: [{ tags: [], termTags: [], rules: [], score: 0, sequence: 0, glossary: ['<img src=x onerror=alert(1)>', { type: 'structured-content' as const, content: { tag: 'script', content: '<b>x</b>' } }] }] }] };
    expect(ankiCardOf(hostile).glossary).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });
});
