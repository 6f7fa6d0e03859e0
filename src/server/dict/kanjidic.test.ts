import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../log';
import { importKanjidic } from './kanjidic';
import { kanjidicId } from './library';
import { DictService } from './service';
import { DictionaryDb } from './yomitan/dictionary-db';

const sample = `<?xml version="1.0" encoding="UTF-8"?>
<kanjidic2>
<header><file_version>4</file_version><database_version>2022-235</database_version></header>
<character>
<literal>食</literal>
<codepoint><cp_value cp_type="ucs">98df</cp_value><cp_value cp_type="jis208">1-31-9</cp_value></codepoint>
<radical><rad_value rad_type="classical">184</rad_value></radical>
<misc><grade>2</grade><stroke_count>9</stroke_count><freq>328</freq><jlpt>3</jlpt></misc>
<dic_number><dic_ref dr_type="heisig6">1557</dic_ref><dic_ref dr_type="moro" m_vol="12" m_page="0001">44014</dic_ref></dic_number>
<query_code><q_code qc_type="skip">2-2-7</q_code></query_code>
<reading_meaning><rmgroup>
<reading r_type="pinyin">shi2</reading>
<reading r_type="ja_on">ショク</reading><reading r_type="ja_on">ジキ</reading>
<reading r_type="ja_kun">く.う</reading><reading r_type="ja_kun">た.べる</reading>
<meaning>eat</meaning><meaning>food</meaning><meaning m_lang="fr">manger</meaning>
</rmgroup></reading_meaning>
</character>
<character>
<literal>&amp;</literal>
<misc><stroke_count>1</stroke_count></misc>
</character>
</kanjidic2>
`;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-kanjidic-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('KANJIDIC2', () => {
  it('reads each character: English meanings, on and kun readings, stats with their tags, the frequency as kanji meta', async () => {
    const source = path.join(dir, 'kanjidic2.xml.gz');
    fs.writeFileSync(source, zlib.gzipSync(sample));
    const { counts } = await importKanjidic(source, path.join(dir, 'out.sqlite'));
    expect(counts).toMatchObject({ kanji: 2, kanjiMeta: 1 });
    const db = new DictionaryDb(path.join(dir, 'out.sqlite'));
    expect(db.kanji('食')).toEqual([
      {
        character: '食',
        onyomi: 'ショク ジキ',
        kunyomi: 'く.う た.べる',
        tags: '',
        meanings: '["eat","food"]',
        stats: JSON.stringify({ strokes: '9', grade: '2', jlpt: '3', freq: '328', radical: '184', ucs: '98df', jis208: '1-31-9', heisig6: '1557', skip: '2-2-7' }),
      },
    ]);
    expect(db.kanji('&')).toHaveLength(1);
    expect(db.kanjiMeta('食')).toEqual([{ value: 328, display: null }]);
    expect(db.tags('strokes ucs')).toEqual([
      { name: 'strokes', category: 'misc', notes: 'Stroke count', order: 0, score: 0 },
      { name: 'ucs', category: 'code', notes: 'Unicode code point', order: 10, score: 0 },
    ]);
    expect(db.meta.get('revision')).toBe('2022-235');
    db.close();
  });

  it('is imported on first start as the built-in kanji dictionary; deleted, it is not imported again', async () => {
    const source = path.join(dir, 'kanjidic2.xml.gz');
    fs.writeFileSync(source, zlib.gzipSync(sample));
    const log: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    let dict = new DictService(dir, log);
    dict.library.autoImportKanjidic(source);
    const running = dict.library.imports()[0];
    expect(running).toMatchObject({ title: 'KANJIDIC2', state: 'queued' });
    expect(await dict.library.waitFor(running.id)).toMatchObject({ state: 'done', dictionaryId: kanjidicId });
    expect(dict.library.list().dictionaries).toEqual([expect.objectContaining({ id: kanjidicId, title: 'KANJIDIC2', builtIn: true, enabled: true, targetLanguage: 'en', counts: expect.objectContaining({ kanji: 2 }) })]);
    const card = dict.lookup('食').kanji!;
    expect(card.entries[0]).toMatchObject({ title: 'KANJIDIC2', meanings: ['eat', 'food'], onyomi: ['ショク', 'ジキ'], kunyomi: ['く.う', 'た.べる'] });
    expect(card.entries[0].stats.misc.map((stat) => [stat.name, stat.value])).toEqual([
      ['strokes', '9'],
      ['grade', '2'],
      ['jlpt', '3'],
      ['freq', '328'],
      ['radical', '184'],
    ]);
    expect(card.frequencies).toEqual([{ dictionary: kanjidicId, title: 'KANJIDIC2', value: 328, displayValue: '328', mode: 'rank-based' }]);

    // A second start does not import it again; deleted, it stays deleted.
    dict.library.autoImportKanjidic(source);
    expect(dict.library.imports()).toHaveLength(1);
    expect(dict.library.remove(kanjidicId)).toBe(true);
    await dict.close();
    dict = new DictService(dir, log);
    dict.library.autoImportKanjidic(source);
    expect(dict.library.imports()).toHaveLength(1);
    expect(dict.library.list().dictionaries).toEqual([]);
    await dict.close();
  });

  it.runIf(fs.existsSync('/usr/share/edict/kanjidic2.xml.gz'))("reads Debian's kanjidic2.xml.gz whole", async () => {
    const { counts } = await importKanjidic('/usr/share/edict/kanjidic2.xml.gz', path.join(dir, 'debian.sqlite'));
    expect(counts.kanji).toBeGreaterThan(13_000);
    const db = new DictionaryDb(path.join(dir, 'debian.sqlite'));
    expect(JSON.parse(db.kanji('日')[0].meanings)).toContain('day');
    db.close();
  }, 60_000);
});
