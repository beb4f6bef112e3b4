import { describe, expect, it } from 'vitest';
import { parseDateText } from '@srs/shared/dates';
import { todayIso } from '../src/lib/dates.ts';

describe('reading a typed date (issue 25, SPEC section 5)', () => {
  it.each([
    ['12/01/2026', '2026-12-01'],
    ['12012026', '2026-12-01'],
    ['2026-12-01', '2026-12-01'],
    ['3/7/2026', '2026-03-07'],
    ['03/7/2026', '2026-03-07'],
    ['2026-3-7', '2026-03-07'],
    ['12-01-2026', '2026-12-01'],
    ['12.01.2026', '2026-12-01'],
    ['  12/01/2026 ', '2026-12-01'],
    ['02/29/2028', '2028-02-29'],
    ['01/01/1800', '1800-01-01'],
    ['01011800', '1800-01-01'],
  ])('reads %j as %s', (typed, iso) => {
    expect(parseDateText(typed)).toBe(iso);
  });

  it.each([
    // Days that do not exist.
    '02/30/2026',
    '02302026',
    '2026-02-30',
    '02/29/2026',
    '13/01/2026',
    '13012026',
    '00/10/2026',
    '10/00/2026',
    '0000-00-00',
    '00000000',
    '2026-13-01',
    // Before 1 Jan 1800 (SPEC section 5).
    '12/31/1799',
    '12311799',
    '1799-12-31',
    // Half a date, as it stands while typed.
    '',
    '1',
    '12',
    '12/',
    '12/01',
    '12/01/',
    '12/01/202',
    '1201',
    '1201202',
    '2026-12',
    '2026-12-',
    // Not a date, or not one of the forms read.
    'hello',
    '12/01/26',
    '120126',
    '120120261',
    '20261201',
    '12/01-2026',
    '2026/12/01',
    '12 01 2026',
  ])('refuses %j', (typed) => {
    expect(parseDateText(typed)).toBeNull();
  });

  it("today is the browser's day as YYYY-MM-DD", () => {
    expect(todayIso(new Date(2026, 11, 1, 23, 59))).toBe('2026-12-01');
    expect(todayIso(new Date(2026, 0, 9, 0, 0))).toBe('2026-01-09');
  });
});
