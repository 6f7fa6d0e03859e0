import { afterAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { activateLanguage } from './i18n';
import { formatDate, formatNumber, formatRelativeTime } from './format';
import { RichText } from './rich-text';

describe('formatting follows the interface language', () => {
  afterAll(() => activateLanguage('en'));

  it('numbers, dates and relative times in en, zh and ja', async () => {
    const now = Date.UTC(2026, 10, 24, 12);
    await activateLanguage('en');
    expect(formatNumber(12345.5)).toBe('12,345.5');
    expect(formatRelativeTime(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(formatDate(Date.UTC(2026, 0, 2), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })).toBe('January 2, 2026');
    await activateLanguage('zh');
    expect(formatRelativeTime(now - 3 * 60_000, now)).toBe('3分钟前');
    expect(formatDate(Date.UTC(2026, 0, 2), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })).toBe('2026年1月2日');
    await activateLanguage('ja');
    expect(formatRelativeTime(now - 2 * 24 * 3600_000, now)).toBe('一昨日');
  });
});

describe('RichText', () => {
  it('draws marked parts with the given components and keeps the rest as text', () => {
    render(createElement(RichText, { text: 'Add one in <link>Settings → Translator</link>, <b>now</b>.', parts: { link: (children: string) => createElement('a', { href: '/settings' }, children) } }));
    expect(screen.getByRole('link', { name: 'Settings → Translator' })).toHaveAttribute('href', '/settings');
    expect(document.body.textContent).toBe('Add one in Settings → Translator, now.');
  });
});
