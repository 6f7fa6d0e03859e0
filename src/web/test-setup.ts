import '@testing-library/jest-dom/vitest';

// Files that talk to local fake servers run with `@vitest-environment node`, where there is no window.
const hasWindow = typeof window !== 'undefined';

// Mantine reads matchMedia, which jsdom lacks.
if (hasWindow && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (hasWindow) window.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// Components read their words from the catalogues: every one is loaded in English before a test
// renders (as a route loads its screen's before it renders), so nothing suspends.
if (hasWindow) {
  const { activateLanguage, loadCatalogue } = await import('./lib/i18n/i18n');
  const definitions = import.meta.glob<{ catalogue?: import('./lib/i18n/i18n').Catalogue; common?: import('./lib/i18n/i18n').Catalogue }>(['./features/*/i18n.ts', './features/*/*/i18n.ts', './components/*/i18n.ts', './lib/i18n/common.ts'], { eager: true });
  await Promise.all(
    Object.values(definitions)
      .flatMap((module) => [module.catalogue, module.common])
      .filter((catalogue) => catalogue !== undefined)
      .map((catalogue) => loadCatalogue(catalogue, 'en')),
  );
  await activateLanguage('en');
}
