import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** `…/locales/<language>.json`: one screen's (or the shell's) messages in one language. */
const catalogueFile = /[\\/]locales[\\/](en|zh|ja)\.json$/;

export type Catalogue = Record<string, string>;

/**
 * The messages of a catalogue, compiled to Lingui's runtime form, with every key that this
 * language lacks filled from the English catalogue beside it: a missing translation shows the
 * English text, never a key name, and costs nothing at run time.
 */
export function compileCatalogue(file: string, source: string): Record<string, unknown> {
  const messages = JSON.parse(source) as Catalogue;
  const english = file.endsWith(`${path.sep}en.json`) || file.endsWith('/en.json') ? messages : (JSON.parse(fs.readFileSync(path.join(path.dirname(file), 'en.json'), 'utf8')) as Catalogue);
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries({ ...english, ...messages })) {
    if (typeof message !== 'string') throw new Error(`${file}: the message "${key}" is not a string`);
    compiled[key] = compileMessage(message);
  }
  return compiled;
}

/**
 * Catalogues are written as plain JSON (ICU MessageFormat, as translators and Lingui write them)
 * and compiled at build time, so the runtime carries Lingui's 3 KB core without its message
 * parser (docs/decisions/0015).
 */
export function catalogues(): Plugin {
  return {
    name: 'kotonoha:catalogues',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0];
      if (!catalogueFile.test(file)) return null;
      this.addWatchFile(path.join(path.dirname(file), 'en.json'));
      const compiled = compileCatalogue(file, fs.readFileSync(file, 'utf8'));
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`, moduleType: 'js' };
    },
  };
}
