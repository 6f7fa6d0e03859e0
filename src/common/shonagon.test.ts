import { describe, expect, it } from 'vitest';
import {
  createdDocumentSchema,
  documentMetaSchema,
  documentSchema,
  extensionOf,
  isLibraryFile,
  libraryExtensions,
  searchQuery,
  searchResultSchema,
  sentencesSchema,
  textDocumentSchema,
} from './shonagon';

describe('the files the Shonagon library takes', () => {
  it('are the ten extensions the server imports, matched case-insensitively', () => {
    expect(libraryExtensions).toEqual(['.txt', '.md', '.html', '.htm', '.xhtml', '.epub', '.srt', '.vtt', '.ass', '.ssa']);
    for (const name of ['a.txt', 'b.MD', '本.epub', 'c.Html', 'x.xhtml', 'ep01.srt', 'ep01.vtt', 'ep01.ass', 'ep01.SSA']) expect(isLibraryFile(name), name).toBe(true);
    for (const name of ['paper.pdf', 'movie.mp4', 'notes', 'archive.txt.zip', 'dir.txt/file']) expect(isLibraryFile(name), name).toBe(false);
  });

  it('by the last extension of the name, not of a folder', () => {
    expect(extensionOf('Book.TXT')).toBe('.txt');
    expect(extensionOf('a.b/c')).toBe('');
    expect(extensionOf('no-extension')).toBe('');
  });
});

describe('the search wire', () => {
  it('sends lists as comma lists, the seed as given, and leaves unset parameters out', () => {
    expect(searchQuery({ q: '猫', mode: 'lemma', media: ['novel', 'news'], doc: ['3'], sort: 'random', seed: '42', offset: 0, limit: 50 })).toEqual({
      q: '猫',
      mode: 'lemma',
      media: 'novel,news',
      doc: '3',
      sort: 'random',
      seed: '42',
      offset: 0,
      limit: 50,
    });
    const plain = searchQuery({ q: '猫' });
    expect(plain.media).toBeUndefined();
    expect(plain.doc).toBeUndefined();
  });

  it('keeps a row’s position and subtitle cue times', () => {
    const answer = {
      total: 1,
      offset: 0,
      items: [{ index: 1, left: '…', key: '食べた', right: '…', title: 'ep01', media: '字幕', pubYear: null, docId: '12', sentenceId: '40817', position: 15, start: 61.2, end: 63.9 }],
      counts: { media: { 字幕: 1 }, year: { '': 1 } },
    };
    expect(searchResultSchema.parse(answer)).toEqual(answer);
  });

  it('reads a remote server’s numeric ids as strings and its missing metadata as absent', () => {
    const parsed = searchResultSchema.parse({
      total: 1,
      offset: 0,
      items: [{ index: 1, left: '', key: '猫', right: '', title: 't', media: null, docId: 7, sentenceId: 70 }],
      counts: { media: {}, year: {} },
    });
    expect(parsed.items[0]).toMatchObject({ docId: '7', sentenceId: '70', media: null });
    expect(parsed.items[0].position).toBeUndefined();
  });

  it('refuses an answer that is not a search result', () => {
    expect(searchResultSchema.safeParse({ total: '3', offset: 0, items: [], counts: { media: {}, year: {} } }).success).toBe(false);
    expect(searchResultSchema.safeParse({ total: 0, offset: 0, items: [{ index: 1 }], counts: { media: {}, year: {} } }).success).toBe(false);
  });
});

describe('the document wire', () => {
  it('a created document is {id, title, sentences} with a string id', () => {
    expect(createdDocumentSchema.parse({ id: 12, title: '吾輩は猫である', sentences: 3 })).toEqual({ id: '12', title: '吾輩は猫である', sentences: 3 });
    expect(createdDocumentSchema.safeParse({ id: '12', title: 'x' }).success).toBe(false);
  });

  it('a listed document needs only id, title and sentences (a remote server may send no more)', () => {
    expect(documentSchema.parse({ id: 'd1', title: 't', media: null, pubYear: null, author: null, sentences: 2 })).toMatchObject({ id: 'd1', sentences: 2 });
  });

  it('a reader sentence keeps its cue times', () => {
    expect(sentencesSchema.parse({ sentences: [{ sentenceId: 5, text: '一', start: 1, end: 2 }] }).sentences[0]).toEqual({ sentenceId: '5', text: '一', start: 1, end: 2 });
  });

  it('metadata is trimmed and bounded; a year is a whole number or null', () => {
    expect(documentMetaSchema.parse({ title: '  猫  ', pubYear: null })).toEqual({ title: '猫', pubYear: null });
    expect(documentMetaSchema.safeParse({ title: 'x'.repeat(501) }).success).toBe(false);
    expect(documentMetaSchema.safeParse({ media: 'x'.repeat(101) }).success).toBe(false);
    expect(documentMetaSchema.safeParse({ pubYear: 2004.5 }).success).toBe(false);
    expect(documentMetaSchema.safeParse({ pubYear: 10_000 }).success).toBe(false);
    expect(textDocumentSchema.safeParse({ title: 't' }).success).toBe(false);
    expect(textDocumentSchema.parse({ text: '本文', pubYear: 2004 })).toEqual({ text: '本文', pubYear: 2004 });
  });
});
