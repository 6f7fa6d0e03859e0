/**
 * What a share to Kotonoha (the manifest's share_target, `GET /share?title=&text=&url=`) is for:
 * the shared text, else the title, with the links in them left out (a browser shares a page as
 * its title and URL, an app often as "a sentence https://…"). A word or short phrase is looked up
 * in the dictionary; anything longer is filled into Translate, cut when over the limit.
 */
export type SharePlan = { kind: 'empty' } | { kind: 'dictionary'; text: string } | { kind: 'translate'; text: string; cutFrom?: number };

/** A look-up: at most this many characters (code points), on one line. */
export const dictionaryMaxCharacters = 16;
/** What Translate is given at most; a longer share is cut there and the learner told. */
export const shareMaxCharacters = 10_000;

const links = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

function withoutLinks(value: string | null | undefined): string {
  return (value ?? '').replace(links, ' ').trim();
}

export function planShare({ title, text }: { title?: string | null; text?: string | null; url?: string | null }): SharePlan {
  const shared = withoutLinks(text) || withoutLinks(title);
  if (!shared) return { kind: 'empty' };
  const characters = [...shared];
  if (characters.length <= dictionaryMaxCharacters && !/[\r\n]/.test(shared)) return { kind: 'dictionary', text: shared };
  if (characters.length <= shareMaxCharacters) return { kind: 'translate', text: shared };
  return { kind: 'translate', text: characters.slice(0, shareMaxCharacters).join(''), cutFrom: characters.length };
}
