import { isValidIsoDate } from '@srs/shared/dates';

/** Today in the browser's zone as YYYY-MM-DD (the date of a CSV file name, a record written now). */
export function todayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

const monthFirst = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const eightDigits = /^(\d{2})(\d{2})(\d{4})$/;
const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * A typed date as YYYY-MM-DD, or null when it names no real day on or after 1 Jan 1800 (issue 25):
 * MM/DD/YYYY or M/D/YYYY (also with - or . between), MMDDYYYY (eight digits, as a phone's number
 * pad types them) and YYYY-MM-DD. Two-digit years and partial dates are not read.
 */
export function parseDateText(text: string): string | null {
  const typed = text.trim();
  const us = monthFirst.exec(typed);
  const digits = eightDigits.exec(typed);
  const iso = yearFirst.exec(typed);
  const [year, month, day] = us
    ? [us[4], us[1], us[3]]
    : digits
      ? [digits[3], digits[1], digits[2]]
      : iso
        ? [iso[1], iso[2], iso[3]]
        : [];
  if (!year || !month || !day) return null;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isValidIsoDate(date) ? date : null;
}
