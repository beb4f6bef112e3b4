import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Takes the lock that srs_recount_school_series (migration 0007) takes for a school's kept counts,
 * for each school in id order as it does. A delete takes it first: its cascade writes the lesson
 * counts' rows and only then recounts the school's students per series, while a restore or an
 * enrollment takes the school's lock first and then writes the same rows. Crossed, PostgreSQL
 * picked one as a deadlock's victim and the person saw a server error (the crash drill: 72 in 173
 * kills); in one order, the later one waits its turn.
 */
export async function lockSchoolCounts(tx: DbOrTx, schoolIds: readonly number[]): Promise<void> {
  for (const schoolId of [...new Set(schoolIds)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock((7310::bigint << 40) + ${schoolId}::bigint)`);
  }
}
