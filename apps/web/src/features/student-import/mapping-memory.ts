import type { StudentImportColumn } from '@srs/shared/student-import';

/**
 * The mapping step is remembered for the next file with the same headings (issue 27): one entry
 * per set of headings in the browser's storage, the most recent few kept.
 */
export type ImportMapping = Record<string, string | null>;

const storageKey = 'srs.studentImport.mappings';
const keptAtMost = 20;

type Saved = { headings: string; mapping: ImportMapping; at: number };

/** Headings compared as the server compares them: accents, case, spacing and punctuation ignored. */
const headingKey = (heading: string) =>
  heading
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The key of a file's headings, in their order. */
export const headingsKey = (headings: readonly string[]) => headings.map(headingKey).join('|');

function readAll(storage: Storage): Saved[] {
  try {
    const parsed = JSON.parse(storage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as Saved[]) : [];
  } catch {
    return [];
  }
}

/** Each column's meaning as the server reads it now, heading → field (null: left out). */
export function mappingOf(columns: readonly StudentImportColumn[]): ImportMapping {
  const mapping: ImportMapping = {};
  for (const column of columns) mapping[column.heading] = column.field;
  return mapping;
}

export function rememberMapping(columns: readonly StudentImportColumn[], storage: Storage = localStorage) {
  const headings = headingsKey(columns.map((column) => column.heading));
  const others = readAll(storage).filter((saved) => saved.headings !== headings);
  const next = [{ headings, mapping: mappingOf(columns), at: Date.now() }, ...others].slice(0, keptAtMost);
  try {
    storage.setItem(storageKey, JSON.stringify(next));
  } catch {
    // Storage full or refused (private browsing): the mapping is simply not remembered.
  }
}

/** The mapping remembered for these headings, or null. */
export function recallMapping(headings: readonly string[], storage: Storage = localStorage): ImportMapping | null {
  const key = headingsKey(headings);
  return readAll(storage).find((saved) => saved.headings === key)?.mapping ?? null;
}

/**
 * The remembered mapping when it reads any column otherwise than the server did (then the file is
 * previewed again with it), else null.
 */
export function remembered(columns: readonly StudentImportColumn[], storage: Storage = localStorage): ImportMapping | null {
  const mapping = recallMapping(
    columns.map((column) => column.heading),
    storage,
  );
  if (!mapping) return null;
  const differs = columns.some((column) => column.heading in mapping && mapping[column.heading] !== column.field);
  return differs ? mapping : null;
}

/**
 * The mapping after one column's meaning changed: every column as it is read now, that one
 * changed, and another column that had the same meaning left out (the server reads one column a field).
 */
export function withMeaning(columns: readonly StudentImportColumn[], index: number, field: string | null): ImportMapping {
  const mapping: ImportMapping = {};
  for (const column of columns) {
    if (column.index === index) mapping[column.heading] = field;
    else mapping[column.heading] = field !== null && column.field === field ? null : column.field;
  }
  return mapping;
}
