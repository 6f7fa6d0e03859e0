import { ankiParts, type AnkiPart } from '../../../common/anki';
import type { Settings } from '../../../common/settings';

/** A stretch of text with the looked-up word in it, to be shown in bold. */
export interface MarkedText {
  text: string;
  /** UTF-16 offsets of the word in `text`; absent = nothing bold. */
  mark?: { start: number; end: number };
}

export interface AnkiMedia {
  /** Where the app fetches the bytes (same origin: `/api/media/<id>/clip?…`, `/thumb?t=`). */
  url: string;
  /** The name asked for; AnkiConnect may store it under another, which is the one the note uses. */
  filename: string;
}

/** What a place in the app knows about a word a learner met. */
export interface AnkiCard {
  word: string;
  reading?: string;
  meaning?: string;
  /** The pitch accents as text: たべる [2]. */
  pitch?: string;
  /** The frequencies as text: JPDB: 1234, BCCWJ: 687. */
  frequency?: string;
  /** The first enabled dictionary's definitions, as HTML already escaped (lists, line breaks, ruby). */
  glossary?: string;
  sentence?: MarkedText;
  translation?: string;
  source?: string;
  audio?: AnkiMedia;
  picture?: AnkiMedia;
}

export interface AnkiNote {
  deckName: string;
  modelName: string;
  fields: Record<string, string>;
  tags: string[];
  options: { allowDuplicate: false; duplicateScope: 'deck'; duplicateScopeOptions: { deckName: string; checkChildren: true; checkAllModels: false } };
}

export type MediaPart = Extract<AnkiPart, 'audio' | 'picture'>;
export interface PendingMedia extends AnkiMedia {
  part: MediaPart;
  field: string;
}

/**
 * Field values are HTML (docs/protocols/ankiconnect.md "Actions Kotonoha uses"): plain text
 * escaped, newlines as <br>.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r?\n/g, '<br>');
}

export function markedHtml({ text, mark }: MarkedText): string {
  if (!mark || mark.start < 0 || mark.end <= mark.start || mark.end > text.length) return escapeHtml(text);
  return `${escapeHtml(text.slice(0, mark.start))}<b>${escapeHtml(text.slice(mark.start, mark.end))}</b>${escapeHtml(text.slice(mark.end))}`;
}

/** Where `word` sits in `text`: the occurrence whose preceding text best matches `leftContext` (a KWIC row's left side). */
export function markWord(text: string, word: string, leftContext = ''): MarkedText {
  if (!word) return { text };
  const commonTail = (a: string, b: string) => {
    let length = 0;
    while (length < a.length && length < b.length && a[a.length - 1 - length] === b[b.length - 1 - length]) length++;
    return length;
  };
  let best = -1;
  let bestScore = -1;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const score = commonTail(text.slice(0, at), leftContext);
    if (score > bestScore) [best, bestScore] = [at, score];
  }
  return best < 0 ? { text } : { text, mark: { start: best, end: best + word.length } };
}

export const mediaTag = (part: MediaPart, name: string) => (part === 'audio' ? `[sound:${name}]` : `<img src="${escapeHtml(name)}">`);

/**
 * The note Settings → Anki makes of a card: each part in its mapped field (several parts in one
 * field one under another, in the order of `ankiParts`), media left out until stored (`withMedia`).
 */
export function buildNote(card: AnkiCard, anki: Settings['anki']): { note: AnkiNote; media: PendingMedia[] } {
  const fields: Record<string, string[]> = {};
  const media: PendingMedia[] = [];
  for (const part of ankiParts) {
    const field = anki.fields[part].trim();
    if (!field) continue;
    if (part === 'audio' || part === 'picture') {
      const value = card[part];
      if (value) media.push({ ...value, part, field });
      continue;
    }
    const value =
      part === 'sentence' ? (card.sentence && card.sentence.text.trim() ? markedHtml(card.sentence) : '') : part === 'glossary' ? (card.glossary ?? '').trim() : escapeHtml((card[part] ?? '').trim());
    if (value) (fields[field] ??= []).push(value);
  }
  const deckName = anki.deck.trim();
  return {
    note: {
      deckName,
      modelName: anki.model.trim(),
      fields: Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, values.join('<br>')])),
      tags: anki.tags.split(/\s+/).filter(Boolean),
      options: { allowDuplicate: false, duplicateScope: 'deck', duplicateScopeOptions: { deckName, checkChildren: true, checkAllModels: false } },
    },
    media,
  };
}

/** The note with its stored media: `[sound:<name>]`, `<img src="<name>">` with the names AnkiConnect returned. */
export function withMedia(note: AnkiNote, stored: Array<{ part: MediaPart; field: string; name: string }>): AnkiNote {
  const fields = { ...note.fields };
  for (const { part, field, name } of stored) fields[field] = fields[field] ? `${fields[field]}<br>${mediaTag(part, name)}` : mediaTag(part, name);
  return { ...note, fields };
}

/** Anki's search text for "field is exactly value" (docs.ankiweb.net/searching.html): quoted, with its specials escaped. */
export function fieldQuery(field: string, value: string): string {
  const plain = value.replace(/<[^>]*>/g, '').trim();
  const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\*/g, '\\*').replace(/_/g, '\\_');
  return `"${escape(field)}:${escape(plain)}"`;
}

export const deckQuery = (deck: string) => `"deck:${deck.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\*/g, '\\*').replace(/_/g, '\\_')}"`;

/** What identifies a card in the queue and across reloads. */
export function cardKey(card: AnkiCard, anki: Settings['anki']): string {
  return JSON.stringify([anki.deck.trim(), anki.model.trim(), card.word, card.sentence?.text ?? '', card.audio?.url ?? '']);
}
