import { sql } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { type Scope, visibleSchool } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

export type SchoolKey = {
  id: number;
  school_code: string;
  church_name: string;
  conference_id: number;
  head_school_admin_id: number | null;
};

/** The school if the user sees it, locked for the change that follows; else 404 like a missing one. */
export async function lockVisibleSchool(tx: DbOrTx, scope: Scope, id: number): Promise<SchoolKey> {
  const [school] = await rows<SchoolKey>(
    tx.execute(sql`select sc.id, sc.school_code, sc.church_name, sc.conference_id, sc.head_school_admin_id
      from schools sc where sc.id = ${id} and ${visibleSchool(scope)} for update`),
  );
  if (!school) throw notFound('School');
  return school;
}

/** '(#101) First Church', as SPEC section 2 shows a school. */
export const schoolLabel = (school: { school_code: string; church_name: string }) =>
  `(#${school.school_code}) ${school.church_name}`;

/** A unique index refused the write (PostgreSQL 23505 on that constraint), through any wrapping. */
export function violates(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505') {
      return candidate.constraint === constraint || String(candidate.message ?? '').includes(constraint);
    }
  }
  return false;
}
