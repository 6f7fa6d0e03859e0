import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { columnOrder, propertyText, type NotionProperty } from './properties';

const rich = (content: string, href: string | null = null) => ({ type: 'text', text: { content, link: href ? { url: href } : null }, annotations: { bold: true }, plain_text: content, href });

describe('propertyText', () => {
  const cases: Array<[string, NotionProperty, string]> = [
    ['title', { type: 'title', title: [rich('勉強'), rich('する')] }, '勉強する'],
    ['rich_text with a link', { type: 'rich_text', rich_text: [rich('see '), rich('EDICT', 'https://www.edrdg.org')] }, 'see EDICT'],
    ['number', { type: 'number', number: 3 }, '3'],
    ['empty number', { type: 'number', number: null }, ''],
    ['select', { type: 'select', select: { id: 'opt1', name: 'Todo', color: 'gray' } }, 'Todo'],
    ['empty select', { type: 'select', select: null }, ''],
    ['multi_select', { type: 'multi_select', multi_select: [{ name: 'N5' }, { name: 'verb' }] }, 'N5, verb'],
    ['status', { type: 'status', status: { name: 'Learning' } }, 'Learning'],
    ['date', { type: 'date', date: { start: '2025-01-16', end: null, time_zone: null } }, '2025-01-16'],
    ['date range', { type: 'date', date: { start: '2025-01-16', end: '2025-01-18' } }, '2025-01-16 → 2025-01-18'],
    ['no date', { type: 'date', date: null }, ''],
    ['checkbox', { type: 'checkbox', checkbox: false }, 'false'],
    ['url', { type: 'url', url: 'https://jisho.org' }, 'https://jisho.org'],
    ['email', { type: 'email', email: 'a@example.com' }, 'a@example.com'],
    ['phone_number', { type: 'phone_number', phone_number: '+81 3' }, '+81 3'],
    ['formula', { type: 'formula', formula: { type: 'number', number: 4 } }, '4'],
    ['formula date', { type: 'formula', formula: { type: 'date', date: { start: '2025-02-01' } } }, '2025-02-01'],
    ['relation', { type: 'relation', relation: [{ id: 'abc' }] }, 'abc'],
    ['rollup array', { type: 'rollup', rollup: { type: 'array', array: [{ type: 'title', title: [rich('猫')] }] } }, '猫'],
    ['people', { type: 'people', people: [{ object: 'user', id: 'u', name: 'Hanako' }] }, 'Hanako'],
    ['files', { type: 'files', files: [{ name: 'neko.png', type: 'external', external: { url: 'https://x/neko.png' } }] }, 'neko.png'],
    ['created_time', { type: 'created_time', created_time: '2024-08-13T14:09:00.000Z' }, '2024-08-13T14:09:00.000Z'],
    ['last_edited_time', { type: 'last_edited_time', last_edited_time: '2024-09-12T12:24:00.000Z' }, '2024-09-12T12:24:00.000Z'],
    ['unknown unique_id', { type: 'unique_id', unique_id: { prefix: 'W', number: 7 } }, 'W-7'],
    ['unknown verification', { type: 'verification', verification: { state: 'verified', date: null } }, 'verified'],
    ['unknown nothing', { type: 'button', button: {} }, ''],
  ];
  it.each(cases)('%s', (_name, property, text) => expect(propertyText(property)).toBe(text));

  it('never throws on malformed values', () => {
    for (const bad of [{ type: 'title', title: 'x' }, { type: 'multi_select', multi_select: [null] }, { type: 'people', people: [7] }, { type: 'rollup', rollup: null }]) {
      expect(() => propertyText(bad as NotionProperty)).not.toThrow();
    }
    expect(propertyText(undefined)).toBe('');
  });

  it('puts the title column first', () => {
    expect(columnOrder({ Meaning: { type: 'rich_text' }, Word: { type: 'title' }, Tags: { type: 'multi_select' } })).toEqual(['Word', 'Meaning', 'Tags']);
  });
});

describe('compactProperties (the cached form)', () => {
  it('keeps what rendering and text need, drops ids and default annotations', async () => {
    const { compactProperties } = await import('./notion-db');
    const compact = compactProperties({
      Word: { id: 'title', type: 'title', title: [rich('勉強')] },
      Note: { id: 'x', type: 'rich_text', rich_text: [{ ...rich('plain'), annotations: { bold: false, color: 'default' } }] },
      Owner: { id: 'o', type: 'people', people: [{ object: 'user', id: 'u', name: 'Hanako', avatar_url: 'x' }] },
    });
    expect(compact.Word).toEqual({ type: 'title', title: [{ plain_text: '勉強', annotations: { bold: true } }] });
    expect(compact.Note).toEqual({ type: 'rich_text', rich_text: [{ plain_text: 'plain' }] });
    expect(propertyText(compact.Owner)).toBe('Hanako');
    expect(propertyText(compact.Word)).toBe('勉強');
  });
});
