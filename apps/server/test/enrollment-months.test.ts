import type { PeriodReportQuery } from '@srs/shared/reports';
import { sql as q } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/core/scope.ts';
import { rows } from '../src/core/lists.ts';
import { compactEnrollmentMonths } from '../src/modules/reports/enrollment-report.ts';
import { type PeriodReport, periodReport } from '../src/modules/reports/period-report.ts';
import { periodReports } from '../src/modules/reports/period-reports.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { keptCountChecks, negativeKeptCounts } from './support/drills/kept-counts.ts';
import { createStudent, enroll } from './support/factories.ts';
import { handCountedNetwork } from './support/hand-counted-network.ts';
import { networkScope, schoolAdminScope } from './support/report-scopes.ts';
import { sweepTimeout } from './support/sweep-timeout.ts';

/**
 * Issue 28: the enrollments kept by month started, school, instructor, course and status
 * (migration 0043) are what the enrollments define after every way an enrollment or its student
 * changes, and the Enrollments report from them answers exactly what it answers from the
 * enrollments, for every grouping, filter, whole-month period and user who sees whole schools.
 */
describe('the enrollments kept by month (enrollment_months)', () => {
  let t: TestContext;
  let net: Awaited<ReturnType<typeof handCountedNetwork>>;

  beforeAll(async () => {
    t = await createTestApp();
    net = await handCountedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  const checks = [
    keptCountChecks['enrollments by month, school, course and status (enrollment_months)']!,
    keptCountChecks['enrollments by month, school and instructor (enrollment_instructor_months)']!,
  ];
  const report = periodReports.enrollments;
  const fromEnrollments: PeriodReport = { ...report, counted: undefined };
  const periods = [{ from: '2026-01-01', to: '2026-03-31' }, { from: '2026-02-01', to: '2026-02-28' }, { from: '2025-12-01' }, {}, { to: '2025-12-31' }];

  const sql = (text: string) => t.database.query<Record<string, unknown>>(text);
  const one = async (text: string) => Number(Object.values((await sql(text))[0]!)[0]);
  const network = (): Scope => networkScope(net.globalAdmin.id);
  const schoolA = (): Scope => schoolAdminScope(net.adminA.id, net.schoolA.id);

  /**
   * The kept counts are their definition, and every grouping and period reads as from the
   * enrollments; `every`: with every filter and for the school's admin too.
   */
  async function expectKept(step: string, every = false) {
    for (const check of checks) expect(await one(check), `${step}: rows kept and defined apart`).toBe(0);
    expect(await one(negativeKeptCounts), `${step}: negative`).toBe(0);
    const filters: Omit<PeriodReportQuery, 'group'>[] = [
      {},
      { conference_id: net.x.id },
      { school_id: net.schoolA.id },
      { instructor_id: net.a1.id },
      { series_id: net.zeta.course.id },
      { series_id: net.gamma.id, conference_id: net.x.id },
    ];
    for (const group of Object.keys(report.groups))
      for (const period of periods)
        for (const filter of every ? filters : filters.slice(0, 1))
          for (const scope of every ? [network(), schoolA()] : [network()]) {
            const query = { group, ...period, ...filter } as PeriodReportQuery;
            const kept = await periodReport(t.database.db, report, 'Row', scope, query);
            expect(kept, `${step}: ${JSON.stringify({ query, all: scope.all })}`).toEqual(
              await periodReport(t.database.db, fromEnrollments, 'Row', scope, query),
            );
          }
  }

  it('answers from the kept counts over whole months, and from the enrollments over other days', async () => {
    const graduated = async (tx: Parameters<Parameters<typeof t.database.db.transaction>[0]>[0], on: PeriodReportQuery) =>
      (await periodReport(tx, report, 'Row', network(), on)).totals.graduated;
    // A count written beside the enrollments (and taken back): only the whole months read it, by
    // course from the counts by course, by instructor from those by instructor.
    const counts = {
      status: q`insert into enrollment_months (month, school_id, series_id, status, enrollments)
        values ('2026-02-01', ${net.schoolA.id}, ${net.zeta.course.id}, 'Graduated', 5)`,
      instructor: q`insert into enrollment_instructor_months (month, school_id, instructor_id, enrollments, active, graduated, inactive)
        values ('2026-02-01', ${net.schoolA.id}, ${net.a1.id}, 5, 0, 5, 0)`,
    };
    for (const [group, insert] of Object.entries(counts)) {
      const query = { group, from: '2026-01-01', to: '2026-03-31' } as PeriodReportQuery;
      const part = { ...query, to: '2026-03-30' };
      await t.database.db
        .transaction(async (tx) => {
          const [before, partBefore] = [await graduated(tx, query), await graduated(tx, part)];
          await tx.execute(insert);
          expect(await graduated(tx, query), group).toBe(Number(before) + 5);
          expect(await graduated(tx, part), group).toBe(partBefore);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!String(error).includes('Rollback')) throw error;
        });
    }
    await expectKept('the network as written', true);
  }, sweepTimeout);

  it('keeps them through every change an enrollment or its student can go through', async () => {
    const db = t.database.db;
    const student = await createStudent(db, { schoolId: net.schoolB.id, instructorId: net.b1.id, firstName: 'Kept', lastName: 'Months' });
    const first = await enroll(db, student.id, net.zeta.course.id, { startedOn: '2026-02-14', status: 'Applied' });
    await enroll(db, student.id, net.alpha.course.id, { startedOn: '2026-03-02', status: 'Enrolled' });
    await expectKept('two enrollments added');
    await sql(`update enrollments set status = 'Graduated' where id = ${first.id}`);
    await expectKept('one graduated');
    // Moved alone into a month of its own and back: that month's rows add up to nothing, and no
    // row of the report is left for it.
    await sql(`update enrollments set started_on = '2019-05-10' where id = ${first.id}`);
    await expectKept('started in another month');
    await sql(`update enrollments set started_on = '2026-02-14' where id = ${first.id}`);
    const byMonth = await periodReport(db, report, 'Row', network(), { group: 'month' } as PeriodReportQuery);
    expect(byMonth.rows.map((row) => row.key)).not.toContain('2019-05');
    expect(await one(`select count(*) from enrollment_months where month = '2019-05-01'`)).toBe(2);
    await expectKept('started back in its month');
    await sql(`update enrollments set series_id = ${net.alpha.course.id} where id = ${first.id}`);
    await expectKept('another course');
    await sql(`update students set school_id = ${net.schoolA.id}, instructor_id = ${net.a1.id} where id = ${student.id}`);
    await expectKept('the student moved school and instructor', true);
    await sql(`update students set instructor_id = null where id = ${student.id}`);
    await expectKept('the student with no instructor');
    await sql(`update enrollments set status = 'Inactive' where school_id = ${net.schoolA.id}`);
    await expectKept("a school's enrollments closed in one statement");
    // A merge moves an enrollment to another student, of another school.
    const [other] = await sql(`select id from students where school_id = ${net.schoolC.id} order by id limit 1`);
    await sql(`update enrollments set student_id = ${other!.id} where id = ${first.id}`);
    await expectKept("an enrollment moved to another school's student");
    await sql(`update enrollments set lesson_number = lesson_number + 1, cached_latest_followup_date = '2026-03-03' where id = ${first.id}`);
    await expectKept('caches changed, nothing counted');
    await sql(`delete from enrollments where id = ${first.id}`);
    await expectKept('an enrollment deleted');
    await sql(`delete from students where id = ${student.id}`);
    await expectKept('a student deleted with their enrollments');
  }, sweepTimeout);

  it('adds up the rows of each key into one, the counts and the report unchanged', async () => {
    const query = { group: 'month' } as PeriodReportQuery;
    const before = await periodReport(t.database.db, report, 'Row', network(), query);
    const tables = { enrollment_months: 'month, school_id, series_id, status', enrollment_instructor_months: 'month, school_id, instructor_id' };
    const distinctKeys = (table: string, keys: string) => `select count(*) from (select distinct ${keys} from ${table}) x`;
    for (const [table, keys] of Object.entries(tables))
      expect(await one(`select count(*) from ${table}`), table).toBeGreaterThan(await one(distinctKeys(table, keys)));
    await compactEnrollmentMonths(t.database.db);
    for (const [table, keys] of Object.entries(tables)) {
      expect(await one(`select count(*) from ${table}`), table).toBe(await one(distinctKeys(table, keys)));
      expect(await one(`select count(*) from ${table} where enrollments = 0`), table).toBe(0);
    }
    expect(await periodReport(t.database.db, report, 'Row', network(), query)).toEqual(before);
    await expectKept('added up', true);
  }, sweepTimeout);

  it('counts enrollments written at once by many writers, none waiting on another', async () => {
    const db = t.database.db;
    const writers = await Promise.all(
      [1, 2, 3, 4].map((n) => createStudent(db, { schoolId: net.schoolA.id, instructorId: net.a1.id, firstName: 'Writer', lastName: `N${n}` })),
    );
    await Promise.all(
      writers.map((student) =>
        db.transaction(async (tx) => {
          await tx.execute(q`insert into enrollments (student_id, series_id, status, started_on)
            values (${student.id}, ${net.zeta.course.id}, 'Enrolled', '2026-01-20')`);
          await tx.execute(q`update enrollments set status = 'Graduated' where student_id = ${student.id}`);
        }),
      ),
    );
    const [counted] = await rows<{ n: number }>(
      db.execute(q`select sum(graduated)::int as n from enrollment_instructor_months where month = '2026-01-01'
        and school_id = ${net.schoolA.id} and instructor_id = ${net.a1.id}`),
    );
    expect(counted?.n).toBeGreaterThanOrEqual(4);
    await expectKept('four writers at once');
  }, sweepTimeout);

  it('forgets every count when the enrollments are emptied at once', async () => {
    await sql('truncate enrollments cascade');
    expect(await one('select (select count(*) from enrollment_months) + (select count(*) from enrollment_instructor_months)')).toBe(0);
    await expectKept('emptied');
  });
});
