/** docs/api.md "Anki": the AnkiConnect actions `/api/anki` relays (docs/protocols/ankiconnect.md, API version 6). */
export const relayedAnkiActions = [
  'version',
  'requestPermission',
  'deckNames',
  'modelNames',
  'modelFieldNames',
  'addNote',
  'addNotes',
  'canAddNotes',
  'canAddNotesWithErrorDetail',
  'findNotes',
  'notesInfo',
  'storeMediaFile',
  'guiBrowse',
  'multi',
] as const;
export type RelayedAnkiAction = (typeof relayedAnkiActions)[number];

export const ankiApiVersion = 6;

/** The longest span `/api/media/<id>/clip` cuts, in seconds. */
export const maxClipSeconds = 60;

/**
 * Kotonoha's parts of a note, each mapped to one field of the note type (Settings → Anki).
 * `pitch`, `frequency` and `glossary` come from the learner's dictionaries: the pitch accents, the
 * frequencies, and the definitions of the first enabled dictionary that has the word.
 */
export const ankiParts = ['word', 'reading', 'meaning', 'pitch', 'frequency', 'glossary', 'sentence', 'translation', 'audio', 'picture', 'source'] as const;
export type AnkiPart = (typeof ankiParts)[number];
