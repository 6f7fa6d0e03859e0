import type { Plugin } from 'vite';

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean } | null;
}

export interface ScreenChunksOptions {
  /** The module that lazy-loads every screen (its dynamic imports are the screens). */
  routes: RegExp;
  /** The screens whose first paint should wait for as few files as possible. */
  screens: RegExp;
  /** The screens that may load the `screen-parts` file: a module one of the others also uses keeps its own file. */
  partsFor: RegExp;
  /**
   * Packages the shell imports whole (barrels, like `@mantine/core`): which of a barrel's modules a
   * screen uses is read from the names it imports, `module(name)` being the file that defines one.
   */
  barrels?: Barrel[];
}

export interface Barrel {
  from: string;
  index: string;
  module: (name: string) => string;
}

export interface ScreenChunks {
  plugin: Plugin;
  /** For a `codeSplitting` group's `name`: the file a module goes into, or null to leave it to the other groups. */
  chunkName: (id: string) => string | null;
}

const slashes = (id: string) => id.replaceAll('\\', '/');

/**
 * Fewer files between the shell's paint and a screen's first paint (decision 0014, addendum
 * "Fewer files on the screen's path"). Left to itself the bundler gives every module that a screen
 * shares with a lazy part of itself (or of the shell), or with another screen, a file of its own:
 * /translate's first paint waited for 26 files and /chat's for 21, most under 1 KB. Over HTTP/1.1
 * (six connections) each costs a round trip in Lighthouse's network model, and while it waits it
 * takes its share of the simulated bandwidth.
 * - The modules that only one of `screens` imports statically (beyond the shell) go into that
 *   screen's file, with those of its lazy parts that it also loads at once.
 * - The modules (the app's and packages') that one of `screens` shares with other screens go into
 *   one `screen-parts` file, if every screen that uses them is one of `partsFor`. A screen that
 *   uses one of them loads the whole file: fewer files for every screen against some unused bytes
 *   for the small ones (About), which paint their largest text with the shell anyway.
 * Which modules a screen uses is read from the module graph once it is complete, before the chunks
 * are made; for a barrel (`@mantine/core`, which the shell imports whole) from the names imported.
 */
export function screenChunks({ routes, screens, partsFor, barrels = [] }: ScreenChunksOptions): ScreenChunks {
  const assigned = new Map<string, string>();
  /** Per module, the barrels' modules it uses by name. */
  const fromBarrel = new Map<string, string[]>();
  const barrelImports = barrels.map((barrel) => ({
    barrel,
    pattern: new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${barrel.from.replace(/[/.]/g, '\\$&')}["']`, 'g'),
  }));
  const plugin: Plugin = {
    name: 'kotonoha:screen-chunks',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('/node_modules/')) return null;
      const modules = barrelImports.flatMap(({ barrel, pattern }) =>
        [...code.matchAll(pattern)].flatMap(([, list]) =>
          list
            .split(',')
            .map((item) => item.trim().replace(/^type\s+.*$/, '').split(/\s+as\s+/)[0])
            .filter(Boolean)
            .map((name) => barrel.module(name)),
        ),
      );
      if (modules.length > 0) fromBarrel.set(id, modules);
      return null;
    },
    buildEnd() {
      assigned.clear();
      const graph = this as unknown as ModuleGraph;
      const ids = [...graph.getModuleIds()];
      const byFile = new Map(ids.map((id) => [slashes(id).replace(/^.*\/node_modules\//, ''), id]));
      const barrelIndexes = new Set(barrels.map((barrel) => byFile.get(barrel.index)));
      // A barrel itself imports every module of its package, used or not: follow the names instead.
      const imports = (id: string) =>
        barrelIndexes.has(id) ? [] : [...(graph.getModuleInfo(id)?.importedIds ?? []), ...(fromBarrel.get(id) ?? []).flatMap((file) => byFile.get(file) ?? [])];
      const closure = (roots: string[], stopAt = new Set<string>()) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id) || stopAt.has(id)) continue;
          seen.add(id);
          stack.push(...imports(id));
        }
        return seen;
      };
      const shell = closure(ids.filter((id) => graph.getModuleInfo(id)?.isEntry));
      const routesId = ids.find((id) => routes.test(slashes(id)));
      if (!routesId) return;
      const routeScreens = graph.getModuleInfo(routesId)?.dynamicallyImportedIds ?? [];
      /** Per module, the screens that load it with themselves, and those whose lazy parts load it too. */
      const usedBy = new Map<string, Set<string>>();
      const usedByAll = new Map<string, Set<string>>();
      const count = (into: Map<string, Set<string>>, ids: Set<string>, screens: Iterable<string>) => {
        for (const id of ids) into.set(id, new Set([...(into.get(id) ?? []), ...screens]));
      };
      // A screen's lazy parts (and theirs) count as the screen that opens them, so that a package
      // module one screen loads at once and another's lazy part later is not put in the first one's
      // file (the drive's views, lazy since issue 29, would have loaded /translate's for Mantine's combobox).
      const lazyOwners = new Map<string, Set<string>>();
      for (const screen of routeScreens) {
        const own = closure([screen], shell);
        count(usedBy, own, [screen]);
        count(usedByAll, own, [screen]);
        const seen = new Set<string>();
        const stack = [screen];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id) || shell.has(id)) continue;
          seen.add(id);
          stack.push(...imports(id));
          for (const lazy of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
            if (routeScreens.includes(lazy) || shell.has(lazy)) continue;
            lazyOwners.set(lazy, new Set([...(lazyOwners.get(lazy) ?? []), screen]));
            stack.push(lazy);
          }
        }
      }
      for (const [lazy, owners] of lazyOwners) count(usedByAll, closure([lazy], shell), owners);
      for (const [id, loadedWith] of usedBy) {
        const users = [...loadedWith];
        if (!users.some((screen) => screens.test(slashes(screen)))) continue;
        // A package's module that another screen's lazy part uses too (Mantine's combobox under the
        // drive's Select) is shared: in this screen's file, that part would load the whole screen.
        const sharedWith = users.length === 1 && slashes(id).includes('/node_modules/') ? [...usedByAll.get(id)!] : users;
        if (sharedWith.length === 1) assigned.set(id, slashes(users[0]).replace(/^.*\//, '').replace(/\.[jt]sx?$/, ''));
        else if (sharedWith.every((screen) => partsFor.test(slashes(screen)))) assigned.set(id, 'screen-parts');
      }
    },
  };
  return { plugin, chunkName: (id) => assigned.get(id) ?? null };
}
