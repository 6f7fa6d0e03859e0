/** Each source's name on screen (its catalogue key). */
export const sourceKeys = { local: 'source.local', remote: 'source.remote', yunpan: 'source.yunpan' } as const;

/** 75.4 → "1:15", 3725 → "1:02:05". */
export function formatTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The address an <img> should load: with proxyAllImgs on, any image from another origin goes through
 * the server's image relay (so the learner's browser never contacts that host); same-origin paths stay.
 */
export function imageSource(thumb: string | null, proxyAllImgs: boolean, origin: string): string | null {
  if (!thumb) return null;
  let url: URL;
  try {
    url = new URL(thumb, origin);
  } catch {
    return null;
  }
  if (url.origin === origin) return url.pathname + url.search;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return proxyAllImgs ? `/api/img?url=${encodeURIComponent(url.href)}` : url.href;
}

/** The text split around the match, for highlighting. */
export function splitMatch(text: string, match: { start: number; end: number } | undefined): [string, string, string] {
  if (!match || match.start >= match.end || match.end > text.length) return [text, '', ''];
  return [text.slice(0, match.start), text.slice(match.start, match.end), text.slice(match.end)];
}
