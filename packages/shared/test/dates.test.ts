import { describe, expect, it } from 'vitest';
import { formatDate, parseDateText, relativeDays } from '../src/dates.ts';

describe('dates (SPEC section 5)', () => {
  it('displays YYYY-MM-DD as MM/DD/YYYY', () => {
    expect(formatDate('2026-03-07')).toBe('03/07/2026');
    expect(formatDate('2026-03-07T10:00:00Z')).toBe('03/07/2026');
    expect(formatDate(null)).toBe('-');
  });
  it('parses MM/dd/yyyy into YYYY-MM-DD', () => {
    expect(parseDateText('03/07/2026')).toBe('2026-03-07');
    expect(parseDateText('3/7/2026')).toBe('2026-03-07');
  });
  it('refuses text that is not a date, impossible dates, and dates before 1 Jan 1800', () => {
    expect(parseDateText('hello')).toBeNull();
    expect(parseDateText('02/30/2026')).toBeNull();
    expect(parseDateText('12/31/1799')).toBeNull();
    expect(parseDateText('01/01/1800')).toBe('1800-01-01');
  });
  it('describes the last follow-up as relative time', () => {
    const today = new Date(2026, 10, 22);
    expect(relativeDays('2026-11-22', today)).toBe('today');
    expect(relativeDays('2026-11-21', today)).toBe('yesterday');
    expect(relativeDays('2026-11-12', today)).toBe('10 days ago');
    expect(relativeDays('2026-08-22', today)).toBe('3 months ago');
    expect(relativeDays('2024-11-22', today)).toBe('2 years ago');
  });
});
