import { countCap } from '@srs/shared/common';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keysetPage } from '../src/core/lists.ts';

// A page by number that ends before its limit is the list's last: it tells the count itself, and
// the count query is not asked (a search for one person answers with one query less).
const keys = [{ expr: sql`s.last_name` }, { expr: sql`s.id` }];
const pageOf = (query: { page?: number; per_page?: number; pagination?: boolean; after?: string }) =>
  keysetPage({ page: 1, per_page: 25, pagination: true, ...query }, keys, 'asc');
const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('the count a page tells (core/lists.ts keysetPage countOf)', () => {
  it('counts a short first page, and a short later page from its offset', () => {
    expect(pageOf({}).countOf(rowsOf(3))).toEqual({ total: 3, capped: false });
    expect(pageOf({}).countOf([])).toEqual({ total: 0, capped: false });
    expect(pageOf({ page: 3 }).countOf(rowsOf(4))).toEqual({ total: 54, capped: false });
    expect(pageOf({ page: 2, per_page: 10 }).countOf(rowsOf(10))).toEqual({ total: 20, capped: false });
  });

  it('leaves the count to the query when the page cannot tell it', () => {
    // A full page (the extra row says more follow), an empty page past the end, a page by key.
    expect(pageOf({}).countOf(rowsOf(26))).toBeNull();
    expect(pageOf({ page: 3 }).countOf([])).toBeNull();
    const cursor = Buffer.from(JSON.stringify(['Smith', 7])).toString('base64url');
    expect(pageOf({ after: cursor }).countOf(rowsOf(3))).toBeNull();
    // Without pagination, a window of the whole list up to its cap.
    expect(pageOf({ pagination: false }).countOf(rowsOf(40))).toEqual({ total: 40, capped: false });
    expect(pageOf({ pagination: false }).countOf(rowsOf(5000))).toBeNull();
  });

  it('still stops at the count cap', () => {
    const deepest = Math.ceil(countCap / 30);
    expect(pageOf({ page: deepest, per_page: 30 }).countOf(rowsOf(29))).toEqual({ total: countCap, capped: true });
  });
});
