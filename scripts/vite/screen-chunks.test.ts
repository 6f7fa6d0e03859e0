import fs from 'node:fs';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { writeTempApp } from './temp-app';
import { screenChunks } from './screen-chunks';

/**
 * A small app shaped like ours: a shell that lazy-loads screens from routes.js. Screen `a` (one of
 * `screens`) imports its own modules, a module its lazy part also imports, and shared lib modules;
 * `other` (not one of `screens`) shares one of them.
 */
const app: Record<string, string> = {
  'index.html': '<!doctype html><div id="root"></div><script type="module" src="/main.js"></script>',
  // The shell also opens a's lazy part itself (as the floating assistant opens the chat's).
  'main.js': "import { shellWord } from './shell.js';\nimport { Badge } from 'kit';\nimport * as glyphs from 'glyphs';\nimport { routes } from './routes.js';\nconsole.log(shellWord, Badge, glyphs.GlyphB, routes, () => import('./features/a/later.js'));",
  'shell.js': "export const shellWord = 'shell';",
  'routes.js': "export const routes = [() => import('./pages/a-route.js'), () => import('./pages/other-route.js'), () => import('./pages/third-route.js'), () => import('./pages/plain-route.js')];",
  'pages/a-route.js': [
    "import { shellWord } from '../shell.js';",
    "import { aOwn } from '../features/a/own.js';",
    "import { aBoth } from '../features/a/both.js';",
    "import { shared } from '../lib/shared.js';",
    "import { onlyA } from '../lib/only-a.js';",
    "import { common } from '../lib/common.js';",
    "import { Kbd, Badge, Tag, Pill } from 'kit';",
    "import { GlyphA } from 'glyphs';",
    "export const openLater = () => import('../features/a/later.js');",
    'export const screen = [shellWord, aOwn, aBoth, shared, onlyA, common, Kbd, Badge, Tag, Pill, GlyphA];',
  ].join('\n'),
  'features/a/own.js': "export const aOwn = 'own of a';",
  'features/a/both.js': "export const aBoth = 'used by a and by its lazy part';",
  'features/a/later.js': "import { aBoth } from './both.js';\nimport { Kbd } from 'kit';\nimport { GlyphA } from 'glyphs';\nexport const later = aBoth + Kbd + GlyphA;",
  'lib/shared.js': "export const shared = 'shared by a and other';",
  'lib/only-a.js': "export const onlyA = 'a lib module only a uses';",
  'pages/other-route.js': "import { shared } from '../lib/shared.js';\nimport { otherOwn } from '../features/other/own.js';\nimport { Tag } from 'kit';\nexport const screen = [shared, otherOwn, Tag, () => import('../features/other/later.js')];",
  'features/other/own.js': "export const otherOwn = 'own of other';",
  // The other screen's lazy part uses a package module that only `a` loads with itself (as the drive's
  // views use Mantine's combobox, which only /translate loads at once).
  'features/other/later.js': "import { Pill } from 'kit';\nexport const later = Pill;",
  'pages/third-route.js': "import { Tag } from 'kit';\nexport const screen = [Tag];",
  // A screen that may not load the parts file (it would bring it code it does not use).
  'pages/plain-route.js': "import { common } from '../lib/common.js';\nexport const screen = [common];",
  'lib/common.js': "export const common = 'shared by a and plain';",
  // A package imported whole by the shell, as @mantine/core is: a screen's part of it is found by name.
  'node_modules/kit/package.json': JSON.stringify({ name: 'kit', type: 'module', sideEffects: false, module: 'esm/index.mjs', exports: { '.': './esm/index.mjs' } }),
  'node_modules/kit/esm/index.mjs': "export { Badge } from './components/Badge/Badge.mjs';\nexport { Kbd } from './components/Kbd/Kbd.mjs';\nexport { Tag } from './components/Tag/Tag.mjs';\nexport { Pill } from './components/Pill/Pill.mjs';",
  'node_modules/kit/esm/components/Pill/Pill.mjs': "export const Pill = 'pill, used by a and by the lazy part of other';",
  'node_modules/kit/esm/components/Badge/Badge.mjs': "export const Badge = 'badge, in the shell';",
  'node_modules/kit/esm/components/Kbd/Kbd.mjs': "export const Kbd = 'kbd, only a uses it';",
  // A second barrel (as the icons' package is): its modules are found by name too.
  'node_modules/glyphs/package.json': JSON.stringify({ name: 'glyphs', type: 'module', sideEffects: false, module: 'index.mjs', exports: { '.': './index.mjs' } }),
  'node_modules/glyphs/index.mjs': "export { GlyphA } from './GlyphA.mjs';\nexport { GlyphB } from './GlyphB.mjs';",
  'node_modules/glyphs/GlyphA.mjs': "export const GlyphA = 'glyph a, used by a and its lazy part';",
  'node_modules/glyphs/GlyphB.mjs': "export const GlyphB = 'glyph b, in the shell';",
  'node_modules/kit/esm/components/Tag/Tag.mjs': "export const Tag = 'tag, used by a, other and third';",
};

async function buildApp(withPlugin: boolean) {
  const root = writeTempApp(app);
  const screens = screenChunks({
    routes: /\/routes\.js$/,
    screens: /\/pages\/a-route\.js$/,
    partsFor: /\/pages\/(a|other|third)-route\.js$/,
    barrels: [
      { from: 'kit', index: 'kit/esm/index.mjs', module: (name) => `kit/esm/components/${name}/${name}.mjs` },
      { from: 'glyphs', index: 'glyphs/index.mjs', module: (name) => `glyphs/${name}.mjs` },
    ],
  });
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: withPlugin ? [screens.plugin] : [],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }, ...(withPlugin ? [{ name: screens.chunkName, includeDependenciesRecursively: false }] : [])] } } },
    },
  })) as Rolldown.RolldownOutput;
  fs.rmSync(root, { recursive: true, force: true });
  const chunks = output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const relative = (id: string) => path.relative(root, id).replaceAll('\\', '/');
  const chunkOf = (module: string) => chunks.find((chunk) => chunk.moduleIds.some((id) => relative(id) === module))!;
  /** What loading a screen fetches beyond the shell: its chunk and the chunks it imports, by their modules. */
  const filesOfScreen = (module: string) => {
    const shell = chunkOf('main.js');
    const seen = new Set<Rolldown.OutputChunk>();
    const visit = (chunk: Rolldown.OutputChunk) => {
      if (seen.has(chunk) || chunk === shell) return;
      seen.add(chunk);
      for (const file of chunk.imports) visit(chunks.find((other) => other.fileName === file)!);
    };
    visit(chunkOf(module));
    return [...seen].map((chunk) => chunk.moduleIds.map(relative).sort());
  };
  return { chunkOf, filesOfScreen };
}

describe('screen chunks', () => {
  it('splits as the bundler does without the plugin: a file for each module a screen shares', async () => {
    const { filesOfScreen } = await buildApp(false);
    expect(filesOfScreen('pages/a-route.js')).toEqual([
      ['pages/a-route.js', 'features/a/own.js', 'lib/only-a.js'].sort(),
      ['features/a/both.js', 'node_modules/glyphs/GlyphA.mjs', 'node_modules/kit/esm/components/Kbd/Kbd.mjs'],
      ['lib/shared.js'],
      ['lib/common.js'],
      ['node_modules/kit/esm/components/Tag/Tag.mjs'],
      ['node_modules/kit/esm/components/Pill/Pill.mjs'],
    ]);
  });

  it("puts a screen's own modules (with those its lazy part shares and the barrel's it alone uses) in one file, the lib modules it shares in another", async () => {
    const { chunkOf, filesOfScreen } = await buildApp(true);
    expect(filesOfScreen('pages/a-route.js')).toEqual(
      expect.arrayContaining([
        expect.arrayContaining(['pages/a-route.js', 'features/a/own.js', 'features/a/both.js', 'lib/only-a.js', 'node_modules/kit/esm/components/Kbd/Kbd.mjs', 'node_modules/glyphs/GlyphA.mjs']),
        // Shared with the other screen, a package's module as well as the app's own, and with its lazy part.
        ['lib/shared.js', 'node_modules/kit/esm/components/Pill/Pill.mjs', 'node_modules/kit/esm/components/Tag/Tag.mjs'],
        ['lib/common.js'],
      ]),
    );
    // lib/common.js keeps a file of its own: the plain screen may not load the parts file.
    expect(filesOfScreen('pages/a-route.js')).toHaveLength(3);
    expect(filesOfScreen('pages/plain-route.js').flat()).not.toContain('lib/shared.js');
    // The lazy part still loads on its own, after the screen (whose file it imports).
    expect(chunkOf('features/a/later.js').moduleIds.some((id) => id.endsWith('later.js'))).toBe(true);
    expect(chunkOf('features/a/later.js')).not.toBe(chunkOf('pages/a-route.js'));
  });

  it('leaves the other screens their own files, and the shell its own', async () => {
    const { chunkOf, filesOfScreen } = await buildApp(true);
    expect(chunkOf('features/other/own.js')).not.toBe(chunkOf('pages/a-route.js'));
    expect(filesOfScreen('pages/other-route.js').flat()).not.toContain('features/a/own.js');
    // Nor does the other screen's lazy part load a's file for a package module they both use.
    expect(filesOfScreen('features/other/later.js').flat()).not.toContain('pages/a-route.js');
    expect(chunkOf('shell.js')).toBe(chunkOf('main.js'));
    expect(chunkOf('node_modules/kit/esm/components/Badge/Badge.mjs')).toBe(chunkOf('main.js'));
    expect(chunkOf('shell.js')).not.toBe(chunkOf('pages/a-route.js'));
  });
});
