/** SPEC section 5: dates travel as YYYY-MM-DD and show as MM/DD/YYYY; nothing before 1 Jan 1800. */
export const minimumDate = '1800-01-01';

/**
 * The order a date is read and shown in: month first in English (SPEC section 5), day first in
 * Spanish (issue 29: DD/MM/YYYY).
 */
export type DateOrder = 'month-first' | 'day-first';

export function dateOrderOf(language: string): DateOrder {
  return language === 'es' ? 'day-first' : 'month-first';
}

/** What a date field says it reads: 'MM/DD/YYYY', or 'DD/MM/YYYY' in Spanish. */
export function dateShape(order: DateOrder = 'month-first'): string {
  return order === 'day-first' ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
}

export function formatDate(iso: string | null | undefined, order: DateOrder = 'month-first'): string {
  if (!iso) return '-';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return '-';
  return order === 'day-first' ? `${match[3]}/${match[2]}/${match[1]}` : `${match[2]}/${match[3]}/${match[1]}`;
}

/** A YYYY-MM-DD string naming a real day on or after 1 Jan 1800. */
export function isValidIsoDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && iso >= minimumDate;
}

const monthFirst = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const eightDigits = /^(\d{2})(\d{2})(\d{4})$/;
const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * A typed date as YYYY-MM-DD, or null when it names no real day on or after 1 Jan 1800 (SPEC section 5, issue 25):
 * MM/DD/YYYY or M/D/YYYY (also with - or . between), MMDDYYYY (eight digits, as a phone's number
 * pad types them) and YYYY-MM-DD. Two-digit years and partial dates are not read. Day first
 * (Spanish): DD/MM/YYYY, D/M/YYYY and DDMMYYYY instead.
 */
export function parseDateText(text: string, order: DateOrder = 'month-first'): string | null {
  const typed = text.trim();
  const us = monthFirst.exec(typed);
  const digits = eightDigits.exec(typed);
  const iso = yearFirst.exec(typed);
  const dayFirst = order === 'day-first';
  const [year, month, day] = us
    ? [us[4], dayFirst ? us[3] : us[1], dayFirst ? us[1] : us[3]]
    : digits
      ? [digits[3], dayFirst ? digits[2] : digits[1], dayFirst ? digits[1] : digits[2]]
      : iso
        ? [iso[1], iso[2], iso[3]]
        : [];
  if (!year || !month || !day) return null;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isValidIsoDate(date) ? date : null;
}

/** 'today', '3 days ago', '2 months ago' — the dashboard's last follow-up as relative time. */
export function relativeDays(iso: string, today: Date = new Date()): string {
  const then = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.round((now - then) / 86_400_000);
  if (days === 0) return 'today';
  if (days < 0) return `in ${-days} day${days === -1 ? '' : 's'}`;
  if (days === 1) return 'yesterday';
  if (days < 31) return `${days} days ago`;
  const months = Math.round(days / 30.44);
  if (months < 12) return `${months} month${months === 1 ? '' : 's'} ago`;
  const years = Math.round(days / 365.25);
  return `${years} year${years === 1 ? '' : 's'} ago`;
}
