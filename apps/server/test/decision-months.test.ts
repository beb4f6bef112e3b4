import type { PeriodReportQuery } from '@srs/shared/reports';
import { sql as q } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/core/scope.ts';
import { type PeriodReport, periodReport } from '../src/modules/reports/period-report.ts';
import { periodReports } from '../src/modules/reports/period-reports.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { compactDecisionMonths } from '../src/modules/reports/kept-decisions.ts';
import { keptCountChecks, negativeKeptCounts } from './support/drills/kept-counts.ts';
import { handCountedNetwork } from './support/hand-counted-network.ts';
import { networkScope } from './support/report-scopes.ts';
import { sweepTimeout } from './support/sweep-timeout.ts';

/**
 * Issue 28: the network's decisions kept by month, row and the month of the student's decision
 * before in the same row (migration 0036) are what the decisions define after every way a decision
 * or what it is counted by changes, and the global admin's Decisions report from them answers
 * exactly what it answers from the decisions.
 */
describe("the network's decisions kept by month (decision_months)", () => {
  let t: TestContext;
  let net: Awaited<ReturnType<typeof handCountedNetwork>>;

  beforeAll(async () => {
    t = await createTestApp();
    net = await handCountedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  const check = keptCountChecks["the network's decisions by month and row (decision_months)"]!;
  const report = periodReports.decisions;
  const oneStep: PeriodReport = { ...report, namedAfter: undefined, counted: undefined };
  const periods = [{ from: '2026-01-01', to: '2026-03-31' }, { from: '2026-02-01', to: '2026-02-28' }, { from: '2025-12-01', to: '2026-12-31' }, {}, { to: '2025-12-31' }];

  const sql = (text: string) => t.database.query<Record<string, unknown>>(text);
  const one = async (text: string) => Number(Object.values((await sql(text))[0]!)[0]);

  /** The kept counts are their definition, and every grouping and period reads as from the decisions. */
  async function expectKept(step: string) {
    expect(await one(check), `${step}: rows kept and defined apart`).toBe(0);
    expect(await one(negativeKeptCounts), `${step}: negative`).toBe(0);
    const network: Scope = networkScope(net.globalAdmin.id);
    for (const group of Object.keys(report.groups))
      for (const period of periods) {
        const query = { group, ...period } as PeriodReportQuery;
        const kept = await periodReport(t.database.db, report, 'Row', network, query);
        expect(kept, `${step}: ${JSON.stringify(query)}`).toEqual(await periodReport(t.database.db, oneStep, 'Row', network, query));
      }
  }

  it('keeps them through every change a decision or what it is counted by can go through', async () => {
    expect(await one('select count(*) from decision_months where decisions > 0')).toBeGreaterThan(0);
    await expectKept('the network as written');
    // A student with two decisions of one option: the second is not the student's first.
    const [first] = await sql(`select d.id, d.decision_option_id, d.cached_enrollment_id, d.episode_delivery_id, d.cached_student_id
      from decisions d where d.episode_delivery_id is not null order by d.id limit 1`);
    const { decision_option_id: option, cached_enrollment_id: enrollment, episode_delivery_id: lesson, cached_student_id: student } = first!;
    await sql(`insert into decisions (decision_option_id, cached_enrollment_id, episode_delivery_id, created_at)
      values (${option}, ${enrollment}, ${lesson}, '2026-02-03T12:00:00Z'), (${option}, ${enrollment}, ${lesson}, '2025-11-03T12:00:00Z')`);
    await expectKept('two more of one option, one before every other');
    // Two at one moment: only one of them is the first.
    await sql(`insert into decisions (decision_option_id, cached_enrollment_id, episode_delivery_id, created_at)
      values (${option}, ${enrollment}, ${lesson}, '2026-03-09T12:00:00Z'), (${option}, ${enrollment}, ${lesson}, '2026-03-09T12:00:00Z')`);
    await expectKept('two at one moment');
    await sql(`update decisions set created_at = created_at - interval '45 days' where cached_student_id = ${student}`);
    await expectKept("the student's decisions moved back");
    const [other] = await sql(`select id from decision_options where id <> ${option} order by id limit 1`);
    await sql(`update decisions set decision_option_id = ${other!.id} where id = (select max(id) from decisions where cached_student_id = ${student})`);
    await expectKept('one decision changed to another option');
    // Two options of one name are one row: a rename joins them, and parts them again.
    const [named] = await sql(`select name from decision_options where id = ${other!.id}`);
    const [was] = await sql(`select name from decision_options where id = ${option}`);
    await sql(`update decision_options set name = '${String(named!.name).replaceAll("'", "''")}' where id = ${option}`);
    await expectKept('an option renamed as another');
    await sql(`update decision_options set name = '${String(was!.name).replaceAll("'", "''")}' where id = ${option}`);
    await expectKept('renamed back');
    // The student moves school and instructor: the decisions' place goes with them.
    await sql(`update students set school_id = ${net.schoolC.id}, instructor_id = ${net.b1.id} where id = ${student}`);
    await expectKept('the student moved school and instructor');
    await sql(`update students set instructor_id = null where id = ${student}`);
    await expectKept('the student with no instructor');
    // A merge moves another student's enrollment, and its decisions, to this student.
    const [another] = await sql(`select e.id, e.student_id from enrollments e join decisions d on d.cached_enrollment_id = e.id
      where e.student_id <> ${student} order by e.id limit 1`);
    await sql(`update enrollments set student_id = ${student} where id = ${another!.id}`);
    await expectKept("another student's enrollment moved to the student");
    await sql(`delete from decisions where id = (select min(id) from decisions where cached_student_id = ${student})`);
    await expectKept("the student's first decision deleted");
    await sql(`delete from students where id = ${another!.student_id}`);
    await sql(`delete from enrollments where id = ${another!.id}`);
    await expectKept('a student and an enrollment deleted');
    // A decision given another id is the same decision (the rows are paired by id).
    await sql(`update decisions set id = default, created_at = created_at - interval '40 days' where id = (select max(id) from decisions)`);
    await expectKept('a decision given another id and moment');
  }, sweepTimeout);

  it('adds up the rows of each key into one, the counts unchanged', async () => {
    const keys = 'kind, option_name, series_id, episode_id, school_id, instructor_id, month, prev_month';
    const [first] = await sql(`select decision_option_id, cached_enrollment_id, episode_delivery_id from decisions
      where episode_delivery_id is not null order by id limit 1`);
    for (const day of ['2026-01-05', '2026-01-06', '2026-01-07'])
      await sql(`insert into decisions (decision_option_id, cached_enrollment_id, episode_delivery_id, created_at)
        values (${first!.decision_option_id}, ${first!.cached_enrollment_id}, ${first!.episode_delivery_id}, '${day}T12:00:00Z')`);
    await sql(`delete from decisions where created_at = '2026-01-06T12:00:00Z'`);
    expect(await one(`select count(*) from decision_months`)).toBeGreaterThan(await one(`select count(*) from (select distinct ${keys} from decision_months) x`));
    await compactDecisionMonths(t.database.db);
    expect(await one(`select count(*) from decision_months`)).toBe(await one(`select count(*) from (select distinct ${keys} from decision_months) x`));
    expect(await one('select count(*) from decision_months where decisions = 0')).toBe(0);
    await expectKept('added up');
  });

  it('counts the months in the zone they are kept in, whatever zone a writer has, and reads them only in that zone', async () => {
    const [first] = await sql(`select decision_option_id, cached_enrollment_id, episode_delivery_id from decisions
      where episode_delivery_id is not null order by id limit 1`);
    const [kept] = await sql('select zone from decision_months_zone');
    // 03:00 on 1 March in UTC is still February on the Pacific coast.
    const db = t.database.db;
    const network: Scope = networkScope(net.globalAdmin.id);
    await db.transaction(async (tx) => {
      await tx.execute(q`set local time zone 'America/Los_Angeles'`);
      await tx.execute(q.raw(`insert into decisions (decision_option_id, cached_enrollment_id, episode_delivery_id, created_at)
        values (${first!.decision_option_id}, ${first!.cached_enrollment_id}, ${first!.episode_delivery_id}, '2026-03-01T03:00:00Z')`));
      // Read in that zone, the report counts by its days: the decisions, not the kept months.
      for (const period of [{ from: '2026-02-01', to: '2026-02-28' }, { from: '2026-03-01', to: '2026-03-31' }]) {
        const query = { group: 'option', ...period } as PeriodReportQuery;
        expect(await periodReport(tx, report, 'Row', network, query), JSON.stringify(query)).toEqual(await periodReport(tx, oneStep, 'Row', network, query));
      }
    });
    expect(kept!.zone).not.toBe('America/Los_Angeles');
    await expectKept('a decision written in another zone');
  });

  it('refuses a writer that would not see what others committed meanwhile (REPEATABLE READ)', async () => {
    const [first] = await sql(`select decision_option_id, cached_enrollment_id, episode_delivery_id from decisions
      where episode_delivery_id is not null order by id limit 1`);
    const written = t.database.db.transaction(async (tx) => {
      await tx.execute(q`set transaction isolation level repeatable read`);
      await tx.execute(q.raw(`insert into decisions (decision_option_id, cached_enrollment_id, episode_delivery_id)
        values (${first!.decision_option_id}, ${first!.cached_enrollment_id}, ${first!.episode_delivery_id})`));
    });
    await expect(written).rejects.toSatisfy((error: Error) => /READ COMMITTED/.test(`${String(error)} ${String(error.cause)}`));
    await expectKept('a REPEATABLE READ writer refused');
  });

  it('forgets every count when the decisions are emptied at once', async () => {
    await sql('truncate decisions');
    expect(await one('select count(*) from decision_months')).toBe(0);
    await expectKept('emptied');
  });
});
