import { countCap, limits, type ListQuery, notValid, type Pagination } from '@srs/shared/common';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { invalid } from './errors.ts';

/** Limit and offset of a list query; pagination off returns everything (capped for safety). */
export function pageWindow(query: Pick<ListQuery, 'page' | 'per_page' | 'pagination'>, cap = 5000) {
  if (!query.pagination) return { limit: cap, offset: 0 };
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

export function paginationOf(
  query: Pick<ListQuery, 'page' | 'per_page' | 'pagination'>,
  total: number,
  returned: number,
  more: Partial<Pick<Pagination, 'total_capped' | 'next_cursor' | 'prev_cursor'>> = {},
): Pagination {
  const perPage = query.pagination ? query.per_page : Math.max(returned, 1);
  return {
    page: query.pagination ? query.page : 1,
    per_page: perPage,
    total_count: total,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
    total_capped: more.total_capped ?? false,
    next_cursor: more.next_cursor ?? null,
    prev_cursor: more.prev_cursor ?? null,
  };
}

/**
 * The number of rows `from … where` holds, counted up to countCap (docs/decisions/008): past it the
 * list says 'More than 1,000'. The WHERE must read only the tables of `from`.
 */
export async function cappedCount(db: DbOrTx, from: SQL, where: SQL): Promise<{ total: number; capped: boolean }> {
  const [row] = await rows<{ total: number }>(
    db.execute(sql`select count(*)::int as total from (select 1 ${from} where ${where} limit ${countCap + 1}) counted`),
  );
  const total = Number(row?.total ?? 0);
  return total > countCap ? { total: countCap, capped: true } : { total, capped: false };
}

/** One column of a list's order: its SQL and whether it may be null (sorted last either way). */
export type SortKey = { expr: SQL; nullable?: boolean };
type KeyValue = string | number | null;
/** The `page_key` column a keyset page selects with its rows (`keysetPage(…).key`). */
export type PageKey = { page_key: KeyValue[] };

const encodeCursor = (values: KeyValue[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

function decodeCursor(field: 'after' | 'before', text: string, length: number): KeyValue[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const ok =
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
    if (ok) return values as KeyValue[];
  } catch {
    // Falls through to the 422 below: a cursor is only ever one this server wrote.
  }
  throw invalid({ [field]: [notValid] });
}

/**
 * Rows strictly past `values` in the order of `keys` (every key in one direction; nulls last, or
 * first when walking backwards): a row comparison the index can walk when no key is nullable,
 * else the same test spelled out.
 */
function pastKey(keys: SortKey[], values: KeyValue[], direction: 'asc' | 'desc', nullsFirst: boolean): SQL {
  const op = sql.raw(direction === 'asc' ? '>' : '<');
  if (keys.every((key) => !key.nullable) && values.every((value) => value !== null)) {
    return sql`(${sql.join(
      keys.map((key) => key.expr),
      sql`, `,
    )}) ${op} (${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )})`;
  }
  let test: SQL = sql`false`;
  for (let i = keys.length - 1; i >= 0; i--) {
    const { expr, nullable } = keys[i] as SortKey;
    const value = values[i] ?? null;
    // Nulls last: after a null only nulls follow; after a value, greater values and nulls.
    // Nulls first (backwards): after a null come all values; after a value, greater values only.
    const past =
      value === null
        ? nullsFirst
          ? sql`${expr} is not null`
          : sql`false`
        : nullable && !nullsFirst
          ? sql`(${expr} ${op} ${value} or ${expr} is null)`
          : sql`${expr} ${op} ${value}`;
    const same = value === null ? sql`${expr} is null` : sql`${expr} = ${value}`;
    test = sql`(${past} or (${same} and ${test}))`;
  }
  return test;
}

/**
 * A page of a list by key (docs/decisions/008): `after`/`before` name the row the page starts
 * after or ends before, so page 20,000 costs what page 2 costs; without a cursor, the page number
 * is an offset (the numbered pager, which never goes past the capped count: a page number past it
 * without a cursor is a 422). The last key must be
 * unique (the id). Select `key` with the rows (as `page_key`) and hand the rows to `finish`.
 */
export function keysetPage(
  query: Pick<ListQuery, 'page' | 'per_page' | 'pagination' | 'after' | 'before'>,
  keys: SortKey[],
  direction: 'asc' | 'desc',
) {
  const cursor = query.after ? ('after' as const) : query.before ? ('before' as const) : null;
  const values = cursor ? decodeCursor(cursor, query[cursor] as string, keys.length) : null;
  // A numbered page (an offset) lies within the counted records; past them the list pages by key
  // (Next and Previous), which costs the same at any depth. An offset of half a million rows would
  // read and throw away every one of them.
  const deepest = Math.max(1, Math.ceil(countCap / query.per_page));
  if (!cursor && query.pagination && query.page > deepest) throw invalid({ page: [limits.atMost(deepest)] });
  // Before a row: walk the order backwards from it, then turn the page round.
  const walk = cursor === 'before' ? (direction === 'asc' ? 'desc' : 'asc') : direction;
  const nulls = sql.raw(cursor === 'before' ? 'nulls first' : 'nulls last');
  const window = pageWindow(query);
  const limit = query.pagination ? query.per_page + 1 : window.limit;
  const offset = values ? 0 : window.offset;
  return {
    key: sql`json_build_array(${sql.join(
      keys.map((key) => key.expr),
      sql`, `,
    )})`,
    where: values ? pastKey(keys, values, walk, cursor === 'before') : sql`true`,
    order: sql.join(
      keys.map((key) => sql`${key.expr} ${sql.raw(walk)} ${nulls}`),
      sql`, `,
    ),
    // One row more than the page tells whether another page follows.
    limit,
    offset,
    /**
     * The list's count, when the page tells it: a page by number that ends before its limit is the
     * last one (a search for one person, most often), so no count need be asked for. Null otherwise.
     */
    countOf(found: unknown[]): { total: number; capped: boolean } | null {
      if (values || found.length >= limit || (found.length === 0 && offset > 0)) return null;
      const total = offset + found.length;
      return total > countCap ? { total: countCap, capped: true } : { total, capped: false };
    },
    finish<T extends PageKey>(found: T[]) {
      const more = query.pagination && found.length > query.per_page;
      const page = more ? found.slice(0, query.per_page) : found;
      if (cursor === 'before') page.reverse();
      const first = page[0];
      const last = page[page.length - 1];
      // Going back, the extra row means an earlier page; going forwards, a later one.
      const hasNext = cursor === 'before' ? page.length > 0 : Boolean(more);
      const hasPrev = cursor === 'before' ? Boolean(more) : query.page > 1 && page.length > 0;
      return {
        rows: page.map(({ page_key: _key, ...row }) => row as Omit<T, 'page_key'>),
        next_cursor: hasNext && last ? encodeCursor(last.page_key) : null,
        prev_cursor: hasPrev && first ? encodeCursor(first.page_key) : null,
      };
    },
  };
}

/** ORDER BY from a whitelisted column map: the request's sortBy never reaches SQL as text. */
export function orderBy<K extends string>(
  columns: Record<K, SQL[]>,
  sortBy: K,
  direction: 'asc' | 'desc',
  tieBreaker: SQL,
): SQL {
  const dir = sql.raw(direction === 'desc' ? 'desc nulls last' : 'asc nulls last');
  return sql.join(
    [...columns[sortBy], tieBreaker].map((column) => sql`${column} ${dir}`),
    sql`, `,
  );
}

/** Words of a name search, escaped for LIKE: every word must appear (full_name_i_cont_all). */
export function searchWords(values: readonly string[] | undefined, query?: string): string[] {
  const words = [...(values ?? []), ...(query ? [query] : [])]
    .flatMap((value) => value.split(/\s+/))
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, 10).map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

export function and(conditions: (SQL | null | undefined | false)[]): SQL {
  const parts = conditions.filter((c): c is SQL => Boolean(c));
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

export async function rows<T>(result: Promise<unknown>): Promise<T[]> {
  const value = (await result) as { rows?: T[] } | T[];
  return Array.isArray(value) ? value : (value.rows ?? []);
}

/**
 * Runs queries one after another. A transaction holds one connection, which takes one query at a
 * time: firing them together only queues them inside the driver (and pg 9 will refuse it).
 */
export async function oneByOne<T extends readonly unknown[]>(steps: {
  [K in keyof T]: () => Promise<T[K]>;
}): Promise<T> {
  const results: unknown[] = [];
  for (const step of steps as readonly (() => Promise<unknown>)[]) results.push(await step());
  return results as unknown as T;
}
