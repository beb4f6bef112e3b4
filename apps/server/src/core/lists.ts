import type { ListQuery, Pagination } from '@srs/shared/common';
import { type SQL, sql } from 'drizzle-orm';

/** Limit and offset of a list query; pagination off returns everything (capped for safety). */
export function pageWindow(query: Pick<ListQuery, 'page' | 'per_page' | 'pagination'>, cap = 5000) {
  if (!query.pagination) return { limit: cap, offset: 0 };
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

export function paginationOf(
  query: Pick<ListQuery, 'page' | 'per_page' | 'pagination'>,
  total: number,
  returned: number,
): Pagination {
  const perPage = query.pagination ? query.per_page : Math.max(returned, 1);
  return {
    page: query.pagination ? query.page : 1,
    per_page: perPage,
    total_count: total,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
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
