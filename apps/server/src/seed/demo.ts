import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { refreshAllEnrollmentCaches } from '../modules/enrollments/public.ts';
import { rowsOf } from './bulk.ts';
import { dayClock } from './dates.ts';
import { demoPassword } from './demo-accounts.ts';
import { insertCatalogue } from './demo-catalogue.ts';
import { planEnrollments } from './demo-enrollments.ts';
import { insertNotesAndDecisions } from './demo-notes.ts';
import { insertOrganisation } from './demo-organisations.ts';
import { insertInterests, insertShares, insertStudents, planStudents } from './demo-people.ts';
import { demoRandom } from './demo-random.ts';
import { insertEnrollmentRecords } from './demo-records.ts';
import { seedLockKey } from './reference.ts';

export type DemoSummary =
  | { seeded: false }
  | {
      seeded: true;
      students: number;
      enrollments: number;
      episodeDeliveries: number;
      attendances: number;
      visits: number;
      reminders: number;
      decisions: number;
      notes: number;
      productDeliveries: number;
      studentShares: number;
      interests: number;
    };

/**
 * The demo network (DOMAIN.md): two conferences, six schools, the four demo accounts and about
 * 300 students with their whole history. Only on a database without users. The faker seed fixes
 * every name and choice; dates are days before `today`, so the data always looks current.
 */
export async function seedDemo(database: Database, options: { today?: Date; password?: string } = {}): Promise<DemoSummary> {
  if (await hasUsers(database.db)) return { seeded: false };
  // One scrypt hash for every account: hashing per user would cost seconds.
  const passwordHash = await hashPassword(options.password ?? demoPassword);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    if (await hasUsers(tx)) return { seeded: false } as const;
    const random = await demoRandom(2026);
    const clock = dayClock(options.today);
    const organisation = await insertOrganisation(tx, random, passwordHash);
    const catalogue = await insertCatalogue(tx, organisation, clock);
    const students = planStudents(random, organisation);
    const plans = planEnrollments(random, students, catalogue);
    const studentIds = await insertStudents(tx, students, clock, random);
    const studentShares = await insertShares(tx, organisation, students, studentIds, clock);
    const placed = await insertEnrollmentRecords(tx, random, plans, students, studentIds, clock);
    const counts = await insertNotesAndDecisions(tx, random, placed, clock);
    const interests = await insertInterests(tx, random, organisation, catalogue, students, studentIds, clock);
    await refreshAllEnrollmentCaches(tx);
    return {
      seeded: true,
      students: studentIds.length,
      enrollments: placed.enrollmentIds.length,
      episodeDeliveries: placed.deliveries.length,
      attendances: placed.attendances.length,
      visits: placed.visits.length,
      reminders: placed.reminders.length,
      ...counts,
      studentShares,
      interests,
    } as const;
  });
}

async function hasUsers(db: DbOrTx): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from users) as present`);
  return Boolean(rowsOf<{ present: boolean }>(result)[0]?.present);
}
