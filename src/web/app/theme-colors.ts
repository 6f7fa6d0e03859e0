/**
 * The page colour of each theme (Mantine's body colour): the manifest's colours (vite.config.ts)
 * and the page's <meta name="theme-color">, so a phone's status bar and title bar match the page.
 */
export const themeColors = { light: '#ffffff', dark: '#242424' } as const;
