import { getMimeType, mimes } from 'hono/utils/mime';

const extra: Record<string, string> = {
  srt: 'application/x-subrip',
  vtt: 'text/vtt; charset=utf-8',
  ass: 'text/x-ssa',
  ssa: 'text/x-ssa',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  m4v: 'video/mp4',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  md: 'text/markdown; charset=utf-8',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
};
const table = { ...mimes, ...extra };

/** The media type of a file by its extension, without parameters; octet-stream when unknown. */
export function fileType(name: string): string {
  return (getMimeType(name, table) ?? 'application/octet-stream').split(';')[0];
}

/**
 * What may be shown in the browser from our own origin: media, plain text and PDF. Anything else
 * (HTML, SVG, scripts…) would run with the app's origin, so it is sent as a download only.
 */
export function inlineType(type: string): string | null {
  if (type === 'image/svg+xml') return null;
  if (/^(image|video|audio)\//.test(type) || type === 'application/pdf') return type;
  if (type === 'text/plain' || type === 'text/vtt') return `${type}; charset=utf-8`;
  if (type === 'application/x-subrip' || type === 'text/x-ssa' || type === 'text/markdown') return 'text/plain; charset=utf-8';
  return null;
}
