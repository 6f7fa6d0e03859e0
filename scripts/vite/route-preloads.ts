import fs from 'node:fs';
import type { Plugin, Rollup } from 'vite';
import { routePreloadsFile, type RoutePreload } from '../../src/server/route-preloads.ts';

export interface RoutePreloadsOptions {
  /** The module that lazy-loads every screen, one `route('<path>', …, page(() => import('<screen>'), …))` per line. */
  routes: RegExp;
  /**
   * The screens that draw their largest paint themselves. The others' first paint is the shell's
   * (the screen's heading and description): their files, fetched alongside, would only slow it.
   */
  screens: RegExp;
}

const slashes = (id: string) => id.replaceAll('\\', '/');

/**
 * Writes `route-preloads.json`: per route whose screen draws its own largest paint, the screen's
 * scripts and stylesheets beyond the shell's.
 * The server puts them in that route's index.html as low-priority preloads, so a first visit fetches
 * the screen with the shell instead of after it has run (decision 0024).
 */
export function routePreloads({ routes, screens }: RoutePreloadsOptions): Plugin {
  return {
    name: 'kotonoha:route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle: Rollup.OutputBundle) {
      const routesId = [...this.getModuleIds()].find((id) => routes.test(slashes(id)));
      if (!routesId) return;
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const shell = new Set<string>();
      const follow = (chunk: Rollup.OutputChunk, into: Set<string>, stopAt = new Set<string>()) => {
        if (into.has(chunk.fileName) || stopAt.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const name of chunk.imports) follow(byName.get(name)!, into, stopAt);
      };
      for (const chunk of chunks) if (chunk.isEntry) follow(chunk, shell);
      const resolve = async (specifier: string) => {
        const resolved = await this.resolve(specifier, routesId);
        if (!resolved) throw new Error(`route-preloads: cannot resolve ${specifier} from ${routesId}`);
        return resolved.id;
      };
      const chunkOf = (id: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id) ?? chunks.find((candidate) => candidate.moduleIds.includes(id));
        if (!chunk) throw new Error(`route-preloads: no chunk holds ${id}`);
        return chunk;
      };
      const preloads: RoutePreload[] = [];
      for (const line of fs.readFileSync(routesId, 'utf8').split('\n')) {
        const match = /\broute\('([^']+)',.*\bpage\(\(\) => import\('([^']+)'\)/.exec(line);
        if (!match) continue;
        const screen = await resolve(match[2]);
        if (!screens.test(slashes(screen))) continue;
        const files = new Set<string>();
        follow(chunkOf(screen), files, shell);
        const styles = [...files].flatMap((name) => [...(byName.get(name)!.viteMetadata?.importedCss ?? [])]);
        preloads.push({ path: match[1], scripts: [...files], styles: [...new Set(styles)] });
      }
      if (preloads.length === 0) throw new Error(`route-preloads: no route of ${routesId} has a screen that draws its own largest paint`);
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
