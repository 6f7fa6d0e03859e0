import './app/shell-styles';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPreferences } from './app/preferences';

await startPreferences();

const root = createRoot(document.getElementById('root')!);
// A transition, so React renders the first screen in 5 ms slices instead of one long task that
// blocks the main thread while the page boots (decision 0014).
startTransition(() => root.render(<App />));
