import { MantineProvider, createTheme } from '@mantine/core';
import { StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { settingsColorSchemeManager } from './preferences';
import { routes } from './routes';

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Noto Sans CJK JP", "Noto Sans JP", "PingFang SC", "Microsoft YaHei", sans-serif',
  defaultRadius: 'md',
});

const colorSchemeManager = settingsColorSchemeManager();
// Made on first render rather than when the module loads: the first render is sliced (main.tsx),
// the module's evaluation is not.
let router: ReturnType<typeof createBrowserRouter> | undefined;
const appRouter = () => (router ??= createBrowserRouter(routes));

export function App() {
  return (
    <StrictMode>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <RouterProvider router={appRouter()} />
      </MantineProvider>
    </StrictMode>
  );
}

