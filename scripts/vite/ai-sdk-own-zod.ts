import fs from 'node:fs';
import type { Plugin } from 'vite';

/** What a module id of the SDK's copy ends with. */
const copy = '?ai-sdk';
const fromAiSdk = /[\\/]node_modules[\\/](ai|@ai-sdk[\\/][^\\/]+)[\\/]/;
const inZod = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The AI SDK (`ai`, `@ai-sdk/*`), loaded when a learner first asks a model, validates the
 * providers' answers with zod's full API; the shell validates settings with zod/mini at boot. A
 * module is one piece of one file in a build, so zod's core, which both use, sat in the shell with
 * every part of it that the SDK reaches (string formats, JSON Schema): 16.6 KB gzip on every first
 * load, about half of it for the SDK. The SDK gets its own copy of zod, which loads with it
 * (decision 0026). Nothing crosses between the two: the app hands the SDK no schema.
 */
export function aiSdkOwnZod(): Plugin {
  return {
    name: 'kotonoha:ai-sdk-own-zod',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(fromAiSdk.test(importer) || importer.endsWith(copy))) return null;
      const resolved = await this.resolve(source, importer.replace(copy, ''), { ...options, skipSelf: true });
      if (!resolved || resolved.external || !inZod.test(resolved.id)) return null;
      return { ...resolved, id: `${resolved.id}${copy}` };
    },
    load(id) {
      return id.endsWith(copy) && inZod.test(id) ? fs.readFileSync(id.slice(0, -copy.length), 'utf8') : null;
    },
  };
}
