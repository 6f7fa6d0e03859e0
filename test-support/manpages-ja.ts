// Real Japanese prose for tests and benches: Debian's manpages-ja (`apt-get install manpages-ja`),
// roff macros stripped. Only lines with Japanese characters are kept, so option tables mostly drop out.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const manpagesDir = process.env.KOTONOHA_MANPAGES_JA || '/usr/share/man/ja';

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

/**
 * Turns one roff page into paragraphs: roff fills consecutive text lines into one paragraph, so
 * they are joined; paragraph macros (.PP, .SH, .TP, .IP, .sp …) start a new one.
 */
export function stripRoff(roff: string): string[] {
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    if (current && japanese.test(current)) paragraphs.push(current);
    current = '';
  };
  for (const raw of roff.split('\n')) {
    if (raw.startsWith('.\\"') || raw.startsWith("'\\\"")) continue;
    let line = raw;
    if (/^[.'][A-Za-z]{1,3}(\s|$)/.test(line)) {
      // A macro line: keep the text of font macros (.B, .I, .BR …), drop the rest.
      const match = /^[.'](B|I|BI|BR|IB|IR|RB|RI|SM|SB)\s+(.*)$/.exec(line);
      if (!match) {
        flush();
        continue;
      }
      line = match[2].replace(/"/g, '');
    }
    line = line
      .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
      .replace(/\\s[+-]?\d/g, '')
      .replace(/\\\(em|\\\(en/g, '—')
      .replace(/\\\(.{2}/g, '')
      .replace(/\\\*\(?.{1,2}/g, '')
      .replace(/\\[&,/|^]/g, '')
      .replace(/\\-/g, '-')
      .replace(/\\e/g, '\\')
      .replace(/\\ /g, ' ')
      .replace(/\\c$/, '')
      .trim();
    if (!line) continue;
    // Japanese lines join without a space; Latin words need one.
    current = current && /[\x21-\x7e]$/.test(current) && /^[\x21-\x7e]/.test(line) ? `${current} ${line}` : current + line;
  }
  flush();
  return paragraphs;
}

/** The pages' text (one string per page), in a stable order; [] when the package is missing. */
export function readManpages(limit = Infinity): string[] {
  const pages: string[] = [];
  for (const section of ['man1', 'man5', 'man8', 'man2', 'man3', 'man7']) {
    const dir = path.join(manpagesDir, section);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.gz')) continue;
      const text = zlib.gunzipSync(fs.readFileSync(path.join(dir, file))).toString('utf8');
      const paragraphs = stripRoff(text);
      if (paragraphs.length) pages.push(paragraphs.join('\n'));
      if (pages.length >= limit) return pages;
    }
  }
  return pages;
}

/**
 * At least `bytes` of manual-page prose, cut at a page boundary: with the package that
 * `npm run setup` installs, the same text (and so the same counts) on every machine. A machine
 * with only a few Japanese pages from other packages fails here, saying why, instead of later
 * with a smaller count.
 */
export function manpagesCorpus(bytes: number): string {
  let text = '';
  for (const page of readManpages()) {
    text += `${page}\n`;
    if (Buffer.byteLength(text) >= bytes) return text;
  }
  throw new Error(`${manpagesDir} holds ${Buffer.byteLength(text)} bytes of Japanese prose, not ${bytes}: run npm run setup (it installs manpages-ja).`);
}
