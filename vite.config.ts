import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type Plugin } from 'vitest/config';
import { aiSdkOwnZod } from './scripts/vite/ai-sdk-own-zod.ts';
import { catalogues } from './scripts/vite/catalogues.ts';
import { routePreloads } from './scripts/vite/route-preloads.ts';
import { screenChunks } from './scripts/vite/screen-chunks.ts';
import { themeColors } from './src/web/app/theme-colors.ts';

/** The Mantine inputs the form screens use. */
const formControls = new RegExp(
  '/@mantine/core/esm/(' +
    [
      'components/(Input|InputBase|TextInput|PasswordInput|Checkbox|Radio|CheckIcon|CloseButton|Badge|Paper|SimpleGrid|Divider)/',
      'components/Combobox/(Combobox\\.module|ComboboxChevron/)',
      'utils/(InlineInput|InputsGroupFieldset)/',
      'core/utils/(get-env|get-base-value)/',
      'core/MantineProvider/color-functions/get-auto-contrast-value/',
      'core/styles-api/use-resolved-styles-api/',
    ].join('|') +
    ')',
);
/** The server's own routes: never answered by the service worker (app navigations are, with index.html). */
const serverRoutes = [/^\/api\//, /^\/shonagon_api\//, /^\/NiuTransServer\//, /^\/v2\//, /^\/makemp3_new\.php/];

/** The icons outside the shell. */
const icons = /[\\/]@tabler[\\/]icons-react[\\/]/;
/** TanStack Query and the app's client: what a screen that reads server data loads beside its own code. */
const serverData = /[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]src[\\/]web[\\/]lib[\\/]query-client\.ts$/;

/**
 * Mantine's useId returns React's id on the first render, then sets a random one in a layout
 * effect: every input re-renders once, synchronously, right after it mounts. Settings mounts some
 * fifty inputs at once, so that second pass was one long task after the page's first paint. This
 * keeps the first id, which is already unique within the page (decision 0014).
 */
function stableMantineIds(): Plugin {
  return {
    name: 'kotonoha:stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/.test(id)) return null;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;",
        '}',
      ].join('\n');
    },
  };
}

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll for one class name, which
 * brings the whole library (4 KB gzip) into the shell; Modal and Drawer, which need it, are lazy.
 * The name comes from react-remove-scroll-bar's constants-only entry point, made for this.
 */
function appShellWithoutRemoveScroll(): Plugin {
  return {
    name: 'kotonoha:app-shell-without-remove-scroll',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]/.test(id)) return null;
      const rewritten = code
        .replace('import { RemoveScroll } from "react-remove-scroll";', 'import { zeroRightClassName } from "react-remove-scroll-bar/constants";')
        .replace(/RemoveScroll\.classNames\.zeroRight/g, 'zeroRightClassName');
      if (rewritten.includes('RemoveScroll')) throw new Error(`${id}: Mantine's use of react-remove-scroll changed; update appShellWithoutRemoveScroll`);
      return { code: rewritten, map: null };
    },
  };
}

/**
 * index.html paints the app's frame from its own markup and the stylesheet (public/boot.js sets the
 * theme first); the app's scripts are modules, which never block that paint. fetchpriority="low"
 * lets the stylesheet go first, and says to tools that model a slow phone (Lighthouse counts every
 * High-priority script as render-blocking) what the browser already does (decision 0024).
 */
function frameBeforeScripts(): Plugin {
  return {
    name: 'kotonoha:frame-before-scripts',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin'),
    },
  };
}

// /translate, /chat and /av-search draw their largest paint themselves (not the shell's loading
// state), so the files between the shell and that paint count: as few as the module graph allows,
// their own in one file and what they share with other screens in `screen-parts` (decision 0014).
// /translate and /chat also fetch theirs with the shell (decision 0024). Every screen but Home
// (which shares nothing and has the tightest budget) may load the parts file.
const routesModule = /\/src\/web\/app\/routes\.tsx$/;
const ownPaintScreens = /\/src\/web\/(app\/pages\/(translate|chat)-route|features\/av-search\/av-search-page)\.tsx$/;
const preloadedScreens = /\/src\/web\/app\/pages\/(translate|chat)-route\.tsx$/;
const screens = screenChunks({
  routes: routesModule,
  screens: ownPaintScreens,
  partsFor: /\/src\/web\/(app\/pages\/[^/]+-route|features\/(?!home\/)[^/]+\/[^/]+-page)\.tsx$/,
  barrels: [
    { from: '@mantine/core', index: '@mantine/core/esm/index.mjs', module: (name) => `@mantine/core/esm/components/${name}/${name}.mjs` },
    { from: '@tabler/icons-react', index: '@tabler/icons-react/dist/esm/tabler-icons-react.mjs', module: (name) => `@tabler/icons-react/dist/esm/icons/${name}.mjs` },
  ],
});

/**
 * The installable app (docs/decisions/0022-installable-app.md): the manifest, and a service worker
 * that precaches the whole build and answers app navigations with index.html. The server's own
 * routes (API, relays, media, uploaded files) always go to the network. The page registers it
 * itself after the first paint (app/installable/register-service-worker.tsx, without the plugin's
 * workbox-window client: 3 KB less on every first load), and a new one waits for the learner's
 * "reload" (the worker's SKIP_WAITING message, which registerType 'prompt' builds in).
 */
const installableApp = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  // The icons and the manifest are in globPatterns already.
  includeManifestIcons: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: 'Kotonoha 言の葉',
    short_name: 'Kotonoha',
    description: 'A workbench for learners of Japanese: translator, AI chat, speech and dictionary.',
    lang: 'zh-CN',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The light theme's page colour: the splash screen and the title bar before the page says otherwise
    // (the page's <meta name="theme-color"> follows the theme it shows, app/preferences.ts).
    theme_color: themeColors.light,
    background_color: themeColors.light,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    share_target: { action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
  },
  workbox: {
    // Every screen's chunk and stylesheet, every catalogue, the icons. Not the SQLite wasm (MyNotion's
    // executor, which needs the server anyway): 670 KB that every install would fetch for nothing.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: serverRoutes,
    cleanupOutdatedCaches: true,
    // A new worker waits (registerType 'prompt'): the old one keeps serving the chunks the open page
    // was built with until the learner chooses to reload.
    skipWaiting: false,
    clientsClaim: false,
  },
});

const apiPort = Number(process.env.KOTONOHA_API_PORT || 8788);
// Read only for the dev server (scripts/dev.mjs sets KOTONOHA_DEV_HTTPS), never by a build.
const devHttps = process.env.KOTONOHA_DEV_HTTPS === '1' && process.env.TLS_CERT && process.env.TLS_KEY ? { cert: fs.readFileSync(process.env.TLS_CERT), key: fs.readFileSync(process.env.TLS_KEY) } : undefined;
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  plugins: [react(), stableMantineIds(), appShellWithoutRemoveScroll(), aiSdkOwnZod(), catalogues(), screens.plugin, routePreloads({ routes: routesModule, screens: preloadedScreens }), frameBeforeScripts(), installableApp],
  // The dev server pre-bundles Mantine without the plugins above; give it the same ids.
  optimizeDeps: { rolldownOptions: { plugins: [stableMantineIds(), appShellWithoutRemoveScroll()] } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The shell is one file on purpose (the 'shell' group below): ~560 kB before gzip, 163 kB after.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry loads statically, in one file. Left alone, the bundler
              // splits off every module a lazy screen shares with the shell, and the first paint
              // of any screen waited for 13 files instead of 1 (decision 0014).
              name: 'shell',
              tags: ['$initial'],
            },
            {
              // /translate and /chat: each one's own modules in one file, what they share with the
              // other screens in one `screen-parts` file (each file costs a phone a round trip).
              // Only modules the shell does not load: capturing their dependencies too would pull
              // the shell's Box into these files.
              name: screens.chunkName,
              debugName: 'screens',
              includeDependenciesRecursively: false,
            },
            {
              // The icons and the Mantine inputs that neither uses, for the other screens: a file
              // each instead of a dozen.
              name: 'icons',
              test: icons,
              includeDependenciesRecursively: false,
            },
            {
              // Three files (client, observer, mutation) were three round trips beside every such screen's own.
              name: 'server-data',
              test: serverData,
              includeDependenciesRecursively: false,
            },
            {
              name: 'form-controls',
              test: (id) => formControls.test(id.replaceAll('\\', '/')),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    // `npm run dev` with TLS_CERT and TLS_KEY: Vite speaks HTTPS, the API server behind it plain http,
    // told by X-Forwarded-Proto that the pages are https (docs/api.md "Guards").
    https: devHttps,
    proxy: Object.fromEntries(
      ['/api', '/NiuTransServer', '/v2', '/makemp3_new.php', '/shonagon_api'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false, xfwd: devHttps !== undefined }]),
    ),
  },
  test: {
    root: import.meta.dirname,
    // Real servers, workers, ffmpeg and typing into real inputs: on a busy 2-core machine some take
    // seconds. Time budgets live in bench/, so a test's timeout only guards against a hang.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts', 'test-support/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          // Through Vite's plugins like the app's build, so that Mantine gets stableMantineIds.
          server: { deps: { inline: ['@mantine/core', '@mantine/hooks'] } },
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
    ],
  },
});
