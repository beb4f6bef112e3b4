import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rows } from './lists.ts';

type Row = Record<string, unknown>;

/** Versions of records of enrollments from which one look-up of their enrollments pays (an import's lessons). */
const lookUpFrom = 50;

/**
 * Each version's school as srs_version_school (migration 0008) works it out from the version's row:
 * a School's own id, the row's schoolId, else its enrollment's school. Given with the version, it
 * saves the trigger building the row as jsonb and looking the enrollment up, once per version (most
 * of the time of an import's 200,000 versions). Null where it is not known here: the trigger then
 * works it out itself, so a value given is always the one the trigger would have found.
 */
export async function versionSchools(tx: DbOrTx, versions: { itemType: string; itemId: number; row: Row }[]): Promise<(number | null)[]> {
  const schools = versions.map(({ itemType, itemId, row }) => {
    if (itemType === 'School') return itemId;
    return typeof row.schoolId === 'number' ? row.schoolId : null;
  });
  const byEnrollment = new Map<number, number[]>();
  versions.forEach(({ itemType, row }, index) => {
    if (itemType === 'School' || 'schoolId' in row || typeof row.enrollmentId !== 'number') return;
    byEnrollment.set(row.enrollmentId, [...(byEnrollment.get(row.enrollmentId) ?? []), index]);
  });
  const waiting = [...byEnrollment.values()].reduce((sum, indexes) => sum + indexes.length, 0);
  if (waiting < lookUpFrom) return schools;
  const found = await rows<{ id: number; school_id: number | null }>(
    tx.execute(sql`select e.id::int as id, e.school_id::int as school_id from enrollments e
      where e.id in (select jsonb_array_elements_text(${JSON.stringify([...byEnrollment.keys()])}::jsonb)::bigint)`),
  );
  for (const enrollment of found) {
    for (const index of byEnrollment.get(enrollment.id) ?? []) schools[index] = enrollment.school_id;
  }
  return schools;
}
