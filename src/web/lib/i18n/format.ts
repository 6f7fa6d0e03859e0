import { activeLanguage, intlLocale } from './i18n';

/**
 * Numbers, dates and relative times in the active interface language (Intl). Call these while
 * rendering: a component that shows them re-renders on a switch of language through `useT`.
 */
const locale = () => intlLocale[activeLanguage()];

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale(), options).format(value);
}

export function formatDate(value: Date | number | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale(), options).format(date);
}

export function formatDateTime(value: Date | number | string): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 minutes ago", "3 分钟前", "3 分前". */
export function formatRelativeTime(value: Date | number | string, now: number = Date.now()): string {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  const [unit, size] = units.find(([, size]) => Math.abs(seconds) >= size) ?? units[units.length - 1];
  return new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}
