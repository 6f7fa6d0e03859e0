import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { StrictMode } from 'react';
import { AppRouter } from './app-router';
import { settingsColorSchemeManager } from './preferences';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './routes';

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Noto Sans CJK JP", "Noto Sans JP", "PingFang SC", "Microsoft YaHei", sans-serif',
  defaultRadius: 'md',
  // White on blue-6 is 3.6:1; blue-8 keeps filled buttons and links at 4.5:1 or more on white.
  primaryShade: { light: 8, dark: 8 },
});

/**
 * Mantine's dimmed text and its light-scheme `c="red"` (…-text) colours are under 4.5:1 on their
 * background (gray-6 on white 3.3:1, dark-2 on dark-7 4.0:1): one shade darker (lighter in dark)
 * for every screen, instead of each screen fixing its own.
 */
const legibleColours: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(['red', 'green', 'teal', 'orange', 'grape', 'violet', 'cyan', 'pink'].map((colour) => [`--mantine-color-${colour}-text`, `var(--mantine-color-${colour}-9)`])),
    '--mantine-color-blue-text': 'var(--mantine-color-blue-8)',
    '--mantine-color-yellow-text': 'var(--mantine-color-yellow-9)',
    '--mantine-color-gray-text': 'var(--mantine-color-gray-7)',
    // Light badges and buttons: their text on their own tint.
    ...Object.fromEntries(['teal', 'green', 'yellow', 'orange', 'cyan', 'lime'].map((colour) => [`--mantine-color-${colour}-light-color`, `var(--mantine-color-${colour}-9)`])),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
  },
});

const colorSchemeManager = settingsColorSchemeManager();

export function App() {
  return (
    <StrictMode>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} cssVariablesResolver={legibleColours} defaultColorScheme="light">
        <AppRouter>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </AppRouter>
      </MantineProvider>
    </StrictMode>
  );
}

