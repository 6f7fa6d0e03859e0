// Draws the app's home-screen icons (src/web/public/icons) from src/web/public/favicon.svg with the
// system Chromium: `node --import tsx scripts/make-icons.ts`. The PNGs are committed, so a build
// needs no browser; run this again after changing the favicon.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(import.meta.dirname, '../src/web/public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/**
 * A maskable icon is cropped by the launcher to a circle, a squircle or a rounded square: the
 * background fills the whole square and the glyph stays inside the middle 80% (the safe zone).
 */
function maskable(svg: string): string {
  const background = /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1] ?? '#1c7ed6';
  const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(32 32) scale(0.8) translate(-32 -32)">${inner}</g></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable(favicon) },
  // iOS ignores the manifest's icons and takes this one for "Add to Home Screen" (it rounds the corners itself).
  { file: 'apple-touch-icon-180.png', size: 180, svg: maskable(favicon) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(publicDir, 'icons', file), omitBackground: true });
  }
} finally {
  await browser.close();
}
