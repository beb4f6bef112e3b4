import { base, en, en_US, Faker } from '@faker-js/faker';
import { type SQL, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { conferences } from '../db/schema/index.ts';
import { insertReturningIds, rowsOf } from './bulk.ts';
import { localDay } from './dates.ts';
import { demoPassword } from './demo-accounts.ts';
import { seedDemo } from './demo.ts';
import {
  createLookupTables,
  derivedData,
  insertDeliveries,
  insertEnrollments,
  insertSchools,
  insertStaff,
  insertStudents,
  type ParameterLists,
} from './large-sql.ts';
import { insertAttendances, insertDecisionsAndProducts, insertSeminars } from './large-records.ts';
import { seedLockKey, seedReference } from './reference.ts';
import { usZips } from './us-zips.ts';
import { stateForZip } from './zip-states.ts';

export type LargeOptions = { students: number; today?: Date; log?: (line: string) => void };
export type LargeSummary = {
  added: number;
  schools: number;
  staff: number;
  enrollments: number;
  episodeDeliveries: number;
  seconds: number;
};

// Proportions of a real network: a school per 2,000 students, an instructor per 250.
const studentsPerSchool = 2000;
const staffPerSchool = 9;
const schoolsPerConference = 40;
const firstLargeCode = 1001;
const largeSchool = sql`school_code ~ '^[0-9]{4,}$'`;

/**
 * A large network for benchmarks, on top of the demo data: schools, staff, students, one course
 * enrollment each and their lessons, all set-based (INSERT … SELECT over generate_series).
 * `students` is the number of benchmark students wanted: a second run only tops up. Work goes in
 * batches of one conference (80,000 students), each its own transaction: sorts stay in memory,
 * and an interrupted run resumes where it stopped.
 */
export async function seedLarge(database: Database, options: LargeOptions): Promise<LargeSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  await seedReference(database);
  await seedDemo(database, options.today ? { today: options.today } : {});
  const today = localDay(options.today);
  const passwordHash = await hashPassword(demoPassword);
  const lists = parameterLists();
  const total: Omit<LargeSummary, 'seconds'> = { added: 0, schools: 0, staff: 0, enrollments: 0, episodeDeliveries: 0 };

  for (let batch = 1; ; batch++) {
    const done = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
      const [state] = rowsOf<{ existing: number; schools: number; conferences: number }>(
        await tx.execute(sql`
          select (select count(*) from students s join schools sc on sc.id = s.school_id where sc.${largeSchool})::int
              as existing,
            (select count(*) from schools where ${largeSchool})::int as schools,
            (select count(*) from conferences where name like 'Benchmark Conference %')::int as conferences`),
      );
      const existing = state?.existing ?? 0;
      const count = Math.min(options.students - existing, studentsPerSchool * schoolsPerConference);
      if (count <= 0) {
        log(`large seed: ${existing} benchmark students in place`);
        return true;
      }
      const times: string[] = [];
      const step = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
        const at = performance.now();
        const result = await work();
        times.push(`${label} ${((performance.now() - at) / 1000).toFixed(1)} s`);
        return result;
      };
      // The rows are consistent by construction, so a superuser skips the per-row foreign-key
      // triggers (two thirds of the insert time); SET LOCAL ends with the transaction.
      const [role] = rowsOf<{ superuser: boolean }>(
        await tx.execute(sql`select current_setting('is_superuser') = 'on' as superuser`),
      );
      if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
      await step('lookups', () => run(tx, createLookupTables(lists)));
      const schoolCount = Math.ceil(count / studentsPerSchool);
      const conferenceIds = await insertReturningIds(tx, conferences, [
        { name: `Benchmark Conference ${(state?.conferences ?? 0) + 1}` },
      ]);
      const firstCode = firstLargeCode + (state?.schools ?? 0);
      await step('schools and staff', () =>
        run(tx, [
          insertSchools(schoolCount, firstCode, conferenceIds, schoolsPerConference),
          ...insertStaff(staffPerSchool, passwordHash),
        ]),
      );
      const [marks] = rowsOf<{ student: number; enrollment: number }>(
        await tx.execute(sql`select coalesce((select max(id) from students), 0)::bigint as student,
          coalesce((select max(id) from enrollments), 0)::bigint as enrollment`),
      );
      const added = await step('students', () =>
        run(tx, [insertStudents(count, existing + 1, studentsPerSchool, today)]),
      );
      const enrollments = await step('enrollments', () =>
        run(tx, [insertEnrollments(Number(marks?.student ?? 0), today)]),
      );
      const deliveries = await step('lessons', () => run(tx, [insertDeliveries(Number(marks?.enrollment ?? 0))]));
      await step('seminars, decisions and literature', () =>
        run(tx, [
          ...insertSeminars(today),
          ...insertAttendances(Number(marks?.student ?? 0), Number(marks?.enrollment ?? 0), today),
          ...insertDecisionsAndProducts(Number(marks?.enrollment ?? 0), today),
        ]),
      );
      await step('search words and counts', () =>
        run(tx, derivedData(Number(marks?.student ?? 0), Number(marks?.enrollment ?? 0))),
      );
      if (added === 0) throw new Error('large seed: a batch added no students');
      total.added += added;
      total.schools += schoolCount;
      total.staff += schoolCount * staffPerSchool;
      total.enrollments += enrollments;
      total.episodeDeliveries += deliveries;
      log(`large seed: batch ${batch}: ${existing + added}/${options.students} students (${times.join(', ')})`);
      return false;
    });
    if (done) break;
  }

  if (total.added > 0) {
    const at = performance.now();
    // Each batch's counts of decisions are rows of their own (srs_count_decision_months_after): one per key.
    await database.exec('select srs_compact_decision_months()');
    // Fresh statistics, or the first benchmark queries are planned for empty tables; and a vacuum,
    // as autovacuum would have done by the time a real network reached this size: it sets the
    // visibility map (index-only scans) and the hint bits, which the first reads would otherwise
    // write at the cost of seconds (autovacuum may be off on a test server).
    const tables = ['students', 'enrollments', 'episode_deliveries', 'schools', 'users', 'roles', 'series', 'episodes'];
    tables.push('attendances', 'decisions', 'decision_options', 'product_deliveries');
    // The search words and counts too: without their statistics a 5-letter search of the whole
    // network was planned for empty tables (p95 1.2 s against 45 ms once analysed).
    tables.push('name_words', 'student_words', 'series_school_students');
    // And the reports' kept counts: unanalysed, a network's lessons over 12 months were planned for
    // 5,000 counts of the 800,000 they read (issue 28).
    tables.push('lesson_months', 'lesson_turnarounds', 'lesson_instructor_months', 'lesson_instructor_turnarounds');
    tables.push('lesson_network_months', 'lesson_network_turnarounds', 'lesson_episode_turnarounds', 'followup_counts', 'decision_months');
    tables.push('enrollment_months', 'enrollment_instructor_months', 'lesson_instructor_totals');
    tables.push('lesson_instructor_series_turnarounds', 'lesson_instructor_delivery_turnarounds');
    // The students per key of the same person: the duplicates page reads the shared ones by their index.
    tables.push('student_key_counts');
    for (const table of tables) {
      await database.exec(`vacuum (analyze) ${table}`);
    }
    log(`large seed: vacuum and analyze ${((performance.now() - at) / 1000).toFixed(1)} s`);
  }
  const seconds = (performance.now() - started) / 1000;
  log(`large seed: added ${total.added} students, ${total.episodeDeliveries} lessons in ${seconds.toFixed(1)} s`);
  return { ...total, seconds };
}

/** Runs statements in order; returns the rows touched by the last one. */
async function run(tx: DbOrTx, statements: SQL[]): Promise<number> {
  let affected = 0;
  for (const statement of statements) {
    const result = (await tx.execute(statement)) as { rowCount?: number | null; affectedRows?: number };
    affected = result.rowCount ?? result.affectedRows ?? 0;
  }
  return affected;
}

function parameterLists(): ParameterLists {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(2026);
  const people = faker.definitions.person;
  const firstNames = [...new Set([...(people.first_name.female ?? []), ...(people.first_name.male ?? [])])].sort();
  const lastNames = [...new Set(people.last_name.generic ?? [])].sort();
  const streets = [...new Set(Array.from({ length: 800 }, () => faker.location.street()))];
  const zips = usZips()
    .map((z) => [z.zipCode, stateForZip(z.zipCode)] as const)
    .filter((z): z is readonly [string, string] => z[1] !== undefined)
    .map(([zip, state]) => [zip, state] as [string, string])
    .sort((a, b) => a[0].localeCompare(b[0]));
  return {
    firstNames,
    lastNames,
    streets,
    towns: [...faker.definitions.location.city_name],
    zips,
    churchSuffixes: [
      'Community Church',
      'Fellowship',
      'Grace Church',
      'Bible Church',
      'Hope Church',
      'Chapel',
      'Christian Fellowship',
      'Church of the Valley',
    ],
  };
}
