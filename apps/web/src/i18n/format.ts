import {
  dateOrderOf,
  dateShape as shapeOf,
  formatDate as formatIn,
  parseDateText as parseIn,
  relativeDays as relativeInEnglish,
} from '@srs/shared/dates';
import { currentLocale, type Locale, localeTags } from './locale.ts';

/**
 * Dates, numbers and money in the language the app draws in (issue 29): MM/DD/YYYY and 1,234.5 in
 * English (en-US), DD/MM/YYYY and the es-US forms in Spanish. A component that shows them also
 * translates (useT), so it draws again when the language changes.
 */
export function formatDate(iso: string | null | undefined, locale: Locale = currentLocale()): string {
  return formatIn(iso, dateOrderOf(locale));
}

/** A typed date read in the language's order (DD/MM/YYYY in Spanish), as YYYY-MM-DD; null when it is no date. */
export function parseDateText(text: string, locale: Locale = currentLocale()): string | null {
  return parseIn(text, dateOrderOf(locale));
}

/** 'MM/DD/YYYY', or 'DD/MM/YYYY' in Spanish: the order a date field reads, said under it. */
export function dateShape(locale: Locale = currentLocale()): string {
  return shapeOf(dateOrderOf(locale));
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(localeTags[locale], options)));
  return format;
}

export function formatNumber(value: number, locale: Locale = currentLocale(), options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

/** Dollars, as the network keeps its prices: $1,234.50 (en-US) or the es-US form. */
export function formatMoney(value: number, locale: Locale = currentLocale()): string {
  return numberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(value);
}

/** A moment as the browser's clock shows it, in the language's order: 11/29/2026 14:05 or 29/11/2026 14:05. */
export function formatDateTime(moment: Date | string, locale: Locale = currentLocale()): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${formatDate(iso, locale)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'November 2026' / 'noviembre de 2026'. */
export function formatMonth(date: Date, locale: Locale = currentLocale()): string {
  return date.toLocaleDateString(localeTags[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The dashboard's relative days: 'today', '3 days ago' (English, as it always read), 'hoy',
 * 'hace 3 días' (Intl's Spanish).
 */
export function relativeDays(iso: string, today: Date = new Date(), locale: Locale = currentLocale()): string {
  if (locale === 'en') return relativeInEnglish(iso, today);
  const then = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.round((then - now) / 86_400_000);
  const format = new Intl.RelativeTimeFormat(localeTags[locale], { numeric: 'auto' });
  if (Math.abs(days) < 31) return format.format(days, 'day');
  const months = Math.round(days / 30.44);
  if (Math.abs(months) < 12) return format.format(months, 'month');
  return format.format(Math.round(days / 365.25), 'year');
}

/** How long ago a moment was, in the language: '2 hours ago', 'hace 2 horas', 'now' ('ahora'). */
export function relativeTime(at: number, now: number = Date.now(), locale: Locale = currentLocale()): string {
  const format = new Intl.RelativeTimeFormat(localeTags[locale], { numeric: 'auto' });
  const seconds = Math.round((at - now) / 1000);
  if (Math.abs(seconds) < 60) return format.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}
