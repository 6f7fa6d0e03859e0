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
