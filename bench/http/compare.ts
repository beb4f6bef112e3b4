// The check that makes a ratio honest: the app and the baseline answer the same body.
import { isDeepStrictEqual } from 'node:util';

/** What the baseline cannot know: the signed-in user's `permissions` on a record (rules in the app). */
export const ignoredFields = ['permissions'];

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !ignoredFields.includes(key))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  }
  return value;
}

/** The first place two JSON values differ, as a path and the two values there. */
export function firstDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}.${key}`,
      );
      if (found) return found;
    }
  }
  const show = (value: unknown) => (JSON.stringify(value) ?? 'undefined').slice(0, 300);
  return `${at}: app ${show(a)} ≠ baseline ${show(b)}`;
}

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

export type Side = { url: string; headers: Record<string, string> };

/** Null when both bodies are equal (ignoring `ignoredFields`), else where they differ. */
export async function compareBodies(app: Side, baseline: Side, path: string): Promise<string | null> {
  const [fromApp, fromBaseline] = await Promise.all([
    getJson(`${app.url}${path}`, app.headers),
    getJson(`${baseline.url}${path}`, baseline.headers),
  ]);
  const difference = firstDifference(strip(fromApp), strip(fromBaseline));
  return difference && `${path}: ${difference}`;
}
