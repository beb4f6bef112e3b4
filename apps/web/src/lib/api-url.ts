/**
 * The API's addresses, without imports: the dashboard's first script (src/dashboard-first.ts) asks
 * for the same address as the app.
 */
export const apiBase = '/api';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Query arrays in bracket style: `a[]=1&a[]=2` (SPEC section 7). Empty values are left out. */
export function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const present = (value: QueryValue): value is string | number | boolean =>
    value !== undefined && value !== null && value !== '';
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryValue[]) if (present(item)) params.append(`${key}[]`, String(item));
    } else if (present(value as QueryValue)) {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function apiUrl(path: string, query?: QueryParams): string {
  return `${apiBase}${path}${toQueryString(query)}`;
}
