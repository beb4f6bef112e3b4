// The app's list paging (core/lists.ts) as text: pages by key after or before a cursor, by
// offset without one, and counts capped at 1,000.
import type { Params } from './sql.ts';

export const countCap = 1000;

export type SortKey = { expr: string; nullable?: boolean };
type KeyValue = string | number | null;

export type PageQuery = { page: number; per_page: number; pagination: boolean; after?: string; before?: string };

const encodeCursor = (values: KeyValue[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
const decodeCursor = (text: string) => JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as KeyValue[];

function pastKey(
  p: Params,
  keys: SortKey[],
  values: KeyValue[],
  direction: 'asc' | 'desc',
  nullsFirst: boolean,
): string {
  const op = direction === 'asc' ? '>' : '<';
  if (keys.every((key) => !key.nullable) && values.every((value) => value !== null)) {
    return `(${keys.map((key) => key.expr).join(', ')}) ${op} (${values.map((value) => p.add(value)).join(', ')})`;
  }
  // The app nests from the last key outwards; written from the first key, the placeholders are
  // numbered in the order they appear, as in the app's statement.
  const from = (i: number): string => {
    const key = keys[i];
    if (!key) return 'false';
    const value = values[i] ?? null;
    const past =
      value === null
        ? nullsFirst
          ? `${key.expr} is not null`
          : 'false'
        : key.nullable && !nullsFirst
          ? `(${key.expr} ${op} ${p.add(value)} or ${key.expr} is null)`
          : `${key.expr} ${op} ${p.add(value)}`;
    const same = value === null ? `${key.expr} is null` : `${key.expr} = ${p.add(value)}`;
    return `(${past} or (${same} and ${from(i + 1)}))`;
  };
  return from(0);
}

export function keysetPage(p: Params, query: PageQuery, keys: SortKey[], direction: 'asc' | 'desc') {
  const cursor = query.after ? ('after' as const) : query.before ? ('before' as const) : null;
  const values = cursor ? decodeCursor(query[cursor] as string) : null;
  const walk = cursor === 'before' ? (direction === 'asc' ? 'desc' : 'asc') : direction;
  const nulls = cursor === 'before' ? 'nulls first' : 'nulls last';
  return {
    key: `json_build_array(${keys.map((key) => key.expr).join(', ')})`,
    where: () => (values ? pastKey(p, keys, values, walk, cursor === 'before') : 'true'),
    order: keys.map((key) => `${key.expr} ${walk} ${nulls}`).join(', '),
    limit: () => p.add(query.pagination ? query.per_page + 1 : 5000),
    offset: () => p.add(values || !query.pagination ? 0 : (query.page - 1) * query.per_page),
    finish<T extends { page_key: KeyValue[] }>(found: T[]) {
      const more = query.pagination && found.length > query.per_page;
      const page = more ? found.slice(0, query.per_page) : found;
      if (cursor === 'before') page.reverse();
      const first = page[0];
      const last = page[page.length - 1];
      const hasNext = cursor === 'before' ? page.length > 0 : more;
      const hasPrev = cursor === 'before' ? more : query.page > 1 && page.length > 0;
      return {
        rows: page.map(({ page_key: _key, ...row }) => row),
        next_cursor: hasNext && last ? encodeCursor(last.page_key) : null,
        prev_cursor: hasPrev && first ? encodeCursor(first.page_key) : null,
      };
    },
  };
}

/** `select count(*) … limit 1001`: the total up to the cap, and whether it stopped there. */
export function cappedCountSql(from: string, where: string, p: Params): string {
  return `select count(*)::int as total from (select 1 ${from} where ${where} limit ${p.add(countCap + 1)}) counted`;
}

export const capped = (total: number) =>
  total > countCap ? { total: countCap, capped: true } : { total, capped: false };

export function pagination(
  query: PageQuery,
  total: number,
  returned: number,
  more: { total_capped?: boolean; next_cursor?: string | null; prev_cursor?: string | null } = {},
) {
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

/** The old offset paging (series and users lists): `limit`/`offset` of a page. */
export function pageWindow(query: PageQuery) {
  return query.pagination
    ? { limit: query.per_page, offset: (query.page - 1) * query.per_page }
    : { limit: 5000, offset: 0 };
}

/** Words of a name search as the app's `searchWords` (core/lists.ts) makes them. */
export function searchWords(values: readonly string[] | undefined, text?: string): string[] {
  const words = [...(values ?? []), ...(text ? [text] : [])]
    .flatMap((value) => value.split(/\s+/))
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, 10).map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
