// The query string of a list call as the baseline reads it: no validation, the app's defaults.
import type { PageQuery } from './keyset.ts';

export type Query = Record<string, string | string[] | undefined>;
export const text = (q: Query, name: string) => {
  const value = q[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
};
export const list = (q: Query, name: string) => {
  const value = q[name];
  return value === undefined ? undefined : Array.isArray(value) ? value : [value];
};

export function pageQuery(q: Query): PageQuery {
  return {
    page: Number(text(q, 'page') ?? 1),
    per_page: Number(text(q, 'per_page') ?? 25),
    pagination: text(q, 'pagination') !== 'false',
    after: text(q, 'after'),
    before: text(q, 'before'),
  };
}
