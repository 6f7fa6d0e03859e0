/** Names that Windows refuses as file names, with or without an extension (a share or a copy to a Windows disk). */
const windowsReserved = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
// C0 and C1 controls, DEL, and the bidirectional overrides that make `evil‮txt.exe` read as `evilexe.txt`.
// eslint-disable-next-line no-control-regex
const unsafeCharacters = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const windowsForbidden = /[<>:"|?*]/g;
/** Leaves room for a ` (99)` suffix under the 255-byte limit of common file systems. */
const maxNameBytes = 240;

/**
 * Turns a name a client sent into one that is safe as a single file name directly inside the
 * uploads folder, or returns null when nothing usable is left. Path segments become part of the
 * name (`a/b.txt` → `a_b.txt`), `.` and `..` segments are dropped, so nothing escapes the folder;
 * Japanese and Chinese names are kept as they are (NFC).
 */
export function sanitizeFileName(raw: string): string | null {
  const segments = raw
    .normalize('NFC')
    .replace(unsafeCharacters, '')
    .split(/[/\\]+/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && !/^\.+$/.test(segment));
  let name = segments
    .join('_')
    .replace(windowsForbidden, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (name === '') return null;
  if (windowsReserved.test(name)) name = `_${name}`;
  return truncateName(name, maxNameBytes);
}

/** `第1話.srt` → `第1話 (2).srt`: the name tried when `name` is taken. */
export function nameWithSuffix(name: string, n: number): string {
  const { stem, extension } = splitExtension(name);
  return `${stem} (${n})${extension}`;
}

export function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  // A dot at 0 cannot happen after sanitising; an "extension" of 10+ characters is part of the name.
  if (dot <= 0 || name.length - dot > 10) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

function truncateName(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name) <= maxBytes) return name;
  const { stem, extension } = splitExtension(name);
  const room = maxBytes - Buffer.byteLength(extension);
  let kept = '';
  // By code point, so a multi-byte character is never cut in half.
  for (const character of stem) {
    if (Buffer.byteLength(kept + character) > room) break;
    kept += character;
  }
  return kept.trimEnd() + extension;
}
