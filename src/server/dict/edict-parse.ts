import type { DictForm, DictSense } from '../../common/dict';

/**
 * One EDICT / EDICT2 line:
 *   KANJI1(tag);KANJI2 [KANA1(P);KANA2(KANJI1)] /(pos,pos) (1) gloss/gloss/(2) gloss/(P)/EntL123X/
 *   KANA /(pos) gloss/
 * Debian's `edict` is the one-spelling-per-line flavour; EDICT2 lists several spellings per line.
 */
export interface ParsedEntry {
  headwords: DictForm[];
  readings: Array<DictForm & { restrictedTo?: string[] }>;
  senses: DictSense[];
  common: boolean;
  seq?: number;
}

/** JMdict part-of-speech codes as they appear in EDICT. */
export const posTags = new Set([
  'adj-f', 'adj-i', 'adj-ix', 'adj-kari', 'adj-ku', 'adj-na', 'adj-nari', 'adj-no', 'adj-pn', 'adj-shiku', 'adj-t',
  'adv', 'adv-to', 'aux', 'aux-adj', 'aux-v', 'conj', 'cop', 'cop-da', 'ctr', 'exp', 'int', 'n', 'n-adv', 'n-pr',
  'n-pref', 'n-suf', 'n-t', 'num', 'pn', 'pref', 'prt', 'suf', 'unc', 'v-unspec', 'v1', 'v1-s', 'v2a-s', 'v2b-k',
  'v2b-s', 'v2d-k', 'v2d-s', 'v2g-k', 'v2g-s', 'v2h-k', 'v2h-s', 'v2k-k', 'v2k-s', 'v2m-k', 'v2m-s', 'v2n-s',
  'v2r-k', 'v2r-s', 'v2s-s', 'v2t-k', 'v2t-s', 'v2w-s', 'v2y-k', 'v2y-s', 'v2z-s', 'v4b', 'v4g', 'v4h', 'v4k',
  'v4m', 'v4n', 'v4r', 'v4s', 'v4t', 'v5aru', 'v5b', 'v5g', 'v5k', 'v5k-s', 'v5m', 'v5n', 'v5r', 'v5r-i', 'v5s',
  'v5t', 'v5u', 'v5u-s', 'v5uru', 'vi', 'vk', 'vn', 'vr', 'vs', 'vs-c', 'vs-i', 'vs-s', 'vt', 'vz',
]);

/** Usage, field and spelling tags (JMdict entities). Anything else in parentheses is part of a gloss. */
const miscTags = new Set([
  'abbr', 'anat', 'arch', 'archit', 'astron', 'ateji', 'baseb', 'biol', 'bot', 'Buddh', 'bus', 'chem', 'chn',
  'Christn', 'col', 'comp', 'dated', 'derog', 'eK', 'ek', 'econ', 'engr', 'fam', 'fem', 'finc', 'food', 'geol',
  'geom', 'gikun', 'hanaf', 'hist', 'hob', 'hon', 'hum', 'id', 'iK', 'ik', 'io', 'joc', 'law', 'ling', 'litf',
  'm-sl', 'MA', 'mahj', 'male', 'male-sl', 'math', 'med', 'mil', 'music', 'net-sl', 'obs', 'obsc', 'oK', 'ok',
  'on-mim', 'P', 'physics', 'poet', 'pol', 'proverb', 'quote', 'rare', 'rK', 'rk', 'sens', 'shogi', 'Shinto', 'sK',
  'sk', 'sl', 'sports', 'sumo', 'tradem', 'uK', 'uk', 'vulg', 'X', 'yoji', 'zool', 'aphorism', 'psych', 'psy',
  'elec', 'ecol', 'geogr', 'gramm', 'pharm', 'phil', 'photo', 'print', 'stockm', 'telec', 'film', 'tv', 'kabuki',
  'noh', 'go', 'cards', 'agric', 'anthrop', 'art', 'audvid', 'aviat', 'biochem', 'boxing', 'cloth', 'cryst',
  'dent', 'ecol', 'electr', 'embryo', 'ent', 'fish', 'form', 'gardn', 'genet', 'golf', 'grmyth', 'jpmyth',
  'kaga', 'logic', 'mech', 'met', 'mining', 'motor', 'mycol', 'ornith', 'paleo', 'pathol', 'rail', 'rommyth',
  'ski', 'physiol', 'stat', 'surg', 'tsug', 'vet', 'internet', 'manga', 'dei', 'doc', 'ev', 'leg', 'relig', 'serv', 'unclass',
]);

const dialectTag = /^[a-z]{2,4}:$/;
const senseNumber = /^\d{1,3}$/;
const leadingGroup = /^[({]([^(){}]*)[)}]\s*/;

interface Tags {
  pos: string[];
  misc: string[];
  sense: boolean;
}

/** Reads the parenthesised tag groups at the start of a gloss; stops at the first group that is gloss text. */
function takeTags(segment: string): { tags: Tags; rest: string } {
  const tags: Tags = { pos: [], misc: [], sense: false };
  let rest = segment;
  for (;;) {
    const match = leadingGroup.exec(rest);
    if (!match) break;
    const tokens = match[1].split(',').map((token) => token.trim());
    if (tokens.length === 0 || !tokens.every((token) => posTags.has(token) || miscTags.has(token) || dialectTag.test(token) || senseNumber.test(token))) break;
    for (const token of tokens) {
      if (posTags.has(token)) tags.pos.push(token);
      else if (senseNumber.test(token)) tags.sense = true;
      else tags.misc.push(token);
    }
    rest = rest.slice(match[0].length);
  }
  return { tags, rest };
}

/** Splits at `;` outside parentheses: `あ(亜;阿);あい` → ['あ(亜;阿)', 'あい']. */
function splitForms(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ';' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

const formTagGroup = /\(([^()]*)\)/g;

function parseForm(raw: string): DictForm & { restrictedTo?: string[] } {
  const text = raw.replace(formTagGroup, '').trim();
  const tags: string[] = [];
  let restrictedTo: string[] | undefined;
  for (const [, inner] of raw.matchAll(formTagGroup)) {
    const tokens = inner.split(/[;,]/).map((token) => token.trim()).filter(Boolean);
    if (tokens.every((token) => miscTags.has(token))) tags.push(...tokens);
    else if (inner.trim() !== '') restrictedTo = [...(restrictedTo ?? []), ...inner.split(';').map((token) => token.trim()).filter(Boolean)];
  }
  const common = tags.includes('P');
  const form: DictForm & { restrictedTo?: string[] } = { text, common, tags: tags.filter((tag) => tag !== 'P') };
  if (restrictedTo) form.restrictedTo = restrictedTo;
  return form;
}

const entSeq = /^EntL(\d+)X?$/;
const spellingTagNames = new Set(['oK', 'iK', 'ateji', 'io', 'ok', 'ik', 'rK', 'sK', 'gikun', 'eK', 'uK']);

/** Parses one line; returns null for blank lines, the header line and lines that are not EDICT. */
export function parseEdictLine(line: string): ParsedEntry | null {
  const slash = line.indexOf(' /');
  if (slash <= 0) return null;
  const head = line.slice(0, slash).trim();
  if (head.startsWith('　？？？') || head === '？？？') return null;
  const bracket = head.indexOf(' [');
  const kanjiPart = bracket === -1 ? null : head.slice(0, bracket);
  const kanaPart = bracket === -1 ? head : head.slice(bracket + 2, head.lastIndexOf(']'));

  const headwords = kanjiPart === null ? [] : splitForms(kanjiPart).map((raw) => {
    const { restrictedTo: _ignored, ...form } = parseForm(raw);
    return form;
  });
  const readings = splitForms(kanaPart).map(parseForm);
  if (readings.length === 0) return null;

  const senses: DictSense[] = [];
  let common = false;
  let seq: number | undefined;
  let current: DictSense | null = null;
  let lastPos: string[] = [];
  // Spelling tags such as (oK) are written before the first gloss in the one-spelling-per-line flavour.
  const entryMisc: string[] = [];
  const segments = line.slice(slash + 2).split('/');
  for (const rawSegment of segments) {
    const segment = rawSegment.trim();
    if (segment === '') continue;
    if (segment === '(P)') {
      common = true;
      continue;
    }
    const seqMatch = entSeq.exec(segment);
    if (seqMatch) {
      seq = Number(seqMatch[1]);
      continue;
    }
    const { tags, rest } = takeTags(segment);
    if (rest === '') {
      // Tags alone (an EDICT quirk): remember them for the next gloss.
      if (tags.pos.length > 0) lastPos = tags.pos;
      entryMisc.push(...tags.misc);
      continue;
    }
    const startsSense = current === null || tags.sense || tags.pos.length > 0;
    if (startsSense) {
      if (tags.pos.length > 0) lastPos = tags.pos;
      current = { pos: tags.pos.length > 0 ? tags.pos : lastPos, misc: tags.misc, glosses: [] };
      senses.push(current);
    } else if (tags.misc.length > 0) {
      current!.misc.push(...tags.misc);
    }
    current!.glosses.push(rest);
  }
  if (senses.length === 0) return null;
  // Spelling tags before the first sense describe the spelling (e.g. 為る(oK)).
  const isSpellingTag = (tag: string) => spellingTagNames.has(tag);
  const spellingTags = [...entryMisc.filter(isSpellingTag), ...senses[0].misc.filter(isSpellingTag)];
  senses[0].misc = senses[0].misc.filter((tag) => !isSpellingTag(tag));
  if (spellingTags.length > 0) {
    const target = headwords.length > 0 ? headwords : readings;
    if (target.length === 1) target[0].tags.push(...spellingTags.filter((tag) => !target[0].tags.includes(tag)));
  }
  if (!common) common = headwords.some((form) => form.common) || readings.some((form) => form.common);
  else if (headwords.length + readings.length <= 2) {
    // One spelling, one reading: the entry's (P) is theirs too.
    for (const form of [...headwords, ...readings]) form.common = true;
  }
  return { headwords, readings, senses, common, ...(seq !== undefined ? { seq } : {}) };
}
