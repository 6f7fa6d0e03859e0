import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedStorage } from './storage';

/** docs/decisions/0015: every message wrapped in ⟦…⟧. */
const pseudoLocaleKey = 'kotonoha.pseudo-locale';

/**
 * Every route in every interface language and theme (issue 20, docs/on-screen-names.md "Shell"):
 * the pseudo-locale finds any word that skipped the catalogues, axe finds accessibility faults in
 * light and in dark, and the language and theme controls switch the screen in place.
 */
const routes = [
  '/',
  '/av-search',
  '/shonagon/single',
  '/shonagon/multi',
  '/shonagon/history',
  '/shonagon/library',
  '/notion/pages',
  '/notion/review',
  '/notion/sql',
  '/yunpan/view',
  '/yunpan/search',
  '/yunpan/abc',
  '/upload',
  '/chat',
  '/translate',
  '/settings',
  '/about',
  '/test',
];

const controlNames = {
  zh: { language: '语言', theme: '主题', htmlLang: 'zh-CN' },
  en: { language: 'language', theme: 'theme', htmlLang: 'en' },
  ja: { language: '言語', theme: 'テーマ', htmlLang: 'ja' },
} as const;

/** Waits until the screen's own chunk has rendered (no loader left in the main area). */
async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
}

/**
 * What on the page did not come from a catalogue: visible text with Latin letters outside every
 * ⟦…⟧, and aria-label / placeholder / title values not wrapped. Exempt by rule: text without Latin
 * letters (Japanese sample text, numbers, symbols) and anything inside [translate="no"] (user
 * content, names, code).
 */
function strayText(page: Page) {
  return page.evaluate(() => {
    const latin = /[A-Za-z]/;
    const exempt = (element: Element | null) => element?.closest('[translate="no"]') != null;
    const visible = (element: Element) => {
      if (element.closest('option, optgroup')) return element.closest('select') != null && (element.closest('select') as HTMLElement).getClientRects().length > 0;
      const style = getComputedStyle(element);
      return element.getClientRects().length > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const found: string[] = [];
    // Depth of ⟦ ⟧ in document order: a message's words may span several text nodes (links in it).
    let depth = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement?.closest('script, style, noscript') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      const parent = node.parentElement!;
      let stray = '';
      for (const char of text) {
        if (char === '⟦') depth += 1;
        else if (char === '⟧') depth = Math.max(0, depth - 1);
        else if (depth === 0 && latin.test(char)) stray += char;
      }
      if (stray && !exempt(parent) && visible(parent)) found.push(`text "${text.trim().slice(0, 60)}" in <${parent.tagName.toLowerCase()}>`);
    }
    const wrapped = (value: string) => !latin.test(value) || (value.trim().startsWith('⟦') && value.trim().endsWith('⟧'));
    for (const attribute of ['aria-label', 'placeholder', 'title', 'aria-description']) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        const value = element.getAttribute(attribute) ?? '';
        // What nobody sees or hears (a library's hidden measuring element) is not a word on screen.
        if (element.closest('[aria-hidden="true"]') || !visible(element)) continue;
        if (!wrapped(value) && !exempt(element)) found.push(`${attribute}="${value.slice(0, 60)}" on <${element.tagName.toLowerCase()}>`);
      }
    }
    if (!wrapped(document.title)) found.push(`document title "${document.title}"`);
    return found;
  });
}

for (const route of routes) {
  test.describe(route, () => {
    test('every word comes from a catalogue (pseudo-locale), at 1280 and 390 px', async ({ page }) => {
      await seedStorage(page, { settings: { language: 'en' }, localStorage: { [pseudoLocaleKey]: '1' } });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
        await page.goto(route);
        await settled(page);
        expect(await strayText(page), `${route} at ${width} px`).toEqual([]);
      }
    });

    test('axe finds no serious or critical violation, in light and in dark', async ({ page }) => {
      // Contrast is judged on the settled page, not halfway through a slide-in.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const theme of ['light', 'dark'] as const) {
        await seedStorage(page, { settings: { language: 'en', theme } });
        await page.goto(route);
        await settled(page);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        // label-content-name-mismatch is off by default (axe calls it experimental): a control whose
        // visible words are not in its accessible name cannot be spoken to by them (WCAG 2.5.3).
        const { violations } = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
        const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        expect(
          serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(', ')}`),
          `${route} in ${theme}`,
        ).toEqual([]);
      }
    });

    test('zh, ja and en, light and dark, at 1280 and 390 px: switched in place from the sidebar', async ({ page }) => {
      await seedStorage(page, { settings: { language: 'zh' }, on: 'first-load' });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
        await page.goto(route);
        await settled(page);
        if (width < 768) await page.getByRole('button', { name: /^(菜单|menu|メニュー)$/ }).click();
        // Chinese at the start of each width: the last switch of the loop is back to it.
        let current: keyof typeof controlNames = 'zh';
        for (const language of ['ja', 'en', 'zh'] as const) {
          const names = controlNames[current];
          await page.getByRole('combobox', { name: names.language, exact: true }).selectOption(language);
          current = language;
          await expect(page.locator('html')).toHaveAttribute('lang', controlNames[language].htmlLang);
          for (const theme of ['dark', 'light'] as const) {
            await page.getByRole('combobox', { name: controlNames[language].theme, exact: true }).selectOption(theme);
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
          }
          // No key names on screen, and nothing wider than the window.
          const keys = await page.evaluate(() => document.body.innerText.match(/\b[a-z]+(?:\.[a-zA-Z-]+){1,4}\b/g)?.filter((word) => !/^(?:www|api|e\.g|i\.e)\b/.test(word) && !word.includes('.com') && !word.includes('.md')) ?? []);
          expect(keys, `${route} ${language}`).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${route} ${language} at ${width} px`).toBe(true);
        }
        const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.settings') ?? '{}'));
        expect(saved).toMatchObject({ language: 'zh', theme: 'light' });
      }
    });
  });
}

test('a stored language or theme that is unknown or malformed falls back to the default and keeps the other settings', async ({ page }) => {
  for (const bad of [7, 'klingon', {}]) {
    await seedStorage(page, { settings: { language: bad, theme: bad, uploadToken: 'kept-token' } });
    await page.goto('/settings');
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '设置' })).toBeVisible();
  }
});

test('system follows prefers-color-scheme live; the first paint is already in the stored theme and language', async ({ page }) => {
  await seedStorage(page, { settings: { language: 'ja', theme: 'system' } });
  await page.emulateMedia({ colorScheme: 'dark' });
  // The first frame with the sidebar in it is already Japanese and dark.
  await page.goto('/translate', { waitUntil: 'commit' });
  await page.waitForSelector('nav');
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.getAttribute('data-mantine-color-scheme'), document.querySelector('nav a')?.textContent])).toEqual(['ja', 'dark', 'ホーム']);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('a Save of a Settings draft opened before a switch keeps the switch', async ({ page }) => {
  await seedStorage(page, { settings: { language: 'en' } });
  await page.goto('/settings');
  await settled(page);
  await page.getByRole('navigation', { name: 'sidebar' }).getByRole('combobox', { name: 'theme', exact: true }).selectOption('dark');
  await page.getByRole('navigation', { name: 'sidebar' }).getByRole('combobox', { name: 'language', exact: true }).selectOption('ja');
  await page.getByRole('button', { name: /設定を保存|save settings/i }).click();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('kotonoha.settings') ?? '{}'));
  expect(saved).toMatchObject({ language: 'ja', theme: 'dark' });
});

test('screenshots of every route in zh + dark and ja + light (KOTONOHA_SCREENSHOTS=1)', async ({ page }) => {
  test.skip(!process.env.KOTONOHA_SCREENSHOTS, 'writes docs/screenshots/languages; run on demand');
  test.setTimeout(300_000);
  const dir = path.resolve('docs/screenshots/languages');
  fs.mkdirSync(dir, { recursive: true });
  for (const [language, theme] of [['zh', 'dark'], ['ja', 'light']] as const) {
    await seedStorage(page, { settings: { language, theme } });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      for (const route of routes) {
        await page.goto(route);
        await settled(page);
        const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '-');
        await page.screenshot({ path: path.join(dir, `${name}-${language}-${theme}-${width}.png`) });
      }
    }
  }
});
