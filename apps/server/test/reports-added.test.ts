import type { PeriodReportQuery } from '@srs/shared/reports';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/core/scope.ts';
import {
  attendances,
  decisionOptions,
  decisions,
  productDeliveries,
  productOffers,
  series,
  studentShares,
  students,
  visits,
} from '../src/db/schema/index.ts';
import { addedBy, groupedBy, type PeriodReport, periodReport } from '../src/modules/reports/period-report.ts';
import { periodReports } from '../src/modules/reports/period-reports.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, createUser, deliver, enroll } from './support/factories.ts';
import { handCountedNetwork } from './support/hand-counted-network.ts';
import { networkScope, schoolAdminScope } from './support/report-scopes.ts';
import { sweepTimeout } from './support/sweep-timeout.ts';

/**
 * Issue 28: a report whose figures all add up (or count distinct values the parts keep) is added
 * up by its grouping's columns first, and only then named and grouped. Every such report, kept counts included, must answer exactly what
 * the same report worked out over its records in one step answers.
 */
describe('reports added up by the grouping first (issue 28)', () => {
  let t: TestContext;
  let net: Awaited<ReturnType<typeof handCountedNetwork>>;

  beforeAll(async () => {
    t = await createTestApp();
    net = await handCountedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  /** The same report with none of its figures added up: one step over the records. */
  const inOneStep = (report: PeriodReport): PeriodReport => ({
    ...report,
    counted: undefined,

    measures: report.measures.map(({ adds: _adds, derived: _derived, distinct: _distinct, ...measure }) => measure),
  });

  /** The scopes, filters and periods every report is asked in. */
  const cases = () => {
    const scopes: Record<string, Scope> = {
      network: networkScope(net.globalAdmin.id),
      'school admin': schoolAdminScope(net.adminA.id, net.schoolA.id),
      instructor: { userId: net.a1.id, all: false, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [net.schoolA.id] },
    };
    const filters: Omit<PeriodReportQuery, 'group' | 'from' | 'to'>[] = [
      {},
      { conference_id: net.x.id },
      { conference_id: net.y.id },
      { school_id: net.schoolB.id },
      { instructor_id: net.a1.id },
      { series_id: net.zeta.course.id },
      { delivery_type: 'PD' },
    ];
    // A month with nothing in it: the totals row alone, its sums none.
    const periods = [
      { from: '2026-01-01', to: '2026-03-31' },
      { from: '2026-02-01', to: '2026-02-28' },
      { to: '2025-12-31' },
      {},
      { from: '2030-01-01', to: '2030-01-31' },
    ];
    return { scopes, filters, periods };
  };

  it('answers every grouping, filter, period and scope exactly as in one step', async () => {
    const db = t.database.db;
    const { scopes, filters, periods } = cases();
    // A student with no instructor, for the 'No instructor' row of every report.
    const nobody = await createStudent(db, { schoolId: net.schoolB.id, firstName: 'Added', lastName: 'Nobody' });
    const nobodys = await enroll(db, nobody.id, net.zeta.course.id, { startedOn: '2026-02-03', status: 'Enrolled' });
    await deliver(db, nobodys.id, net.zeta.lessons[0]!.id, { deliveryType: 'PD', dateSent: '2026-02-03', dateCompleted: '2026-02-20' });
    const [offered] = await db.insert(productOffers).values({ name: 'Added Bible', defaultPrice: '3.00' }).returning();
    await db
      .insert(productDeliveries)
      .values({ enrollmentId: nobodys.id, productOfferId: offered!.id, deliveredAt: '2026-02-04', quantity: 2, price: '3.00', deliveryType: 'PD' });
    // A report of kept counts is asked as the reports ask it: as the counted form of itself.
    const reports: [string, PeriodReport][] = Object.entries(periodReports).flatMap(([kind, report]) => [
      [kind, report] as [string, PeriodReport],
      ...(report.counted ?? []).map((counted, i) => [`${kind} kept ${i}`, { ...counted.report, counted: [counted] }] as [string, PeriodReport]),
    ]);
    const added = new Set<string>();
    let compared = 0;
    for (const [kind, report] of reports)
      for (const [group, grouping] of Object.entries(report.groups)) {
        if (!addedBy(report, grouping)) continue;
        added.add(`${kind} by ${group}`);
        for (const filter of filters)
          for (const period of periods)
            for (const [who, scope] of Object.entries(scopes)) {
              if (!Object.keys(filter).every((key) => key in report.filters)) continue;
              // Kept counts answer someone who sees whole schools (the network's, every school).
              if (report.scopeOf && (who === 'instructor' || (report.counted?.[0]?.network && !scope.all))) continue;
              const query = { group, ...period, ...filter } as PeriodReportQuery;
              const oneStep = inOneStep(report);
              if (report.scopeOf) oneStep.counted = [{ ...report.counted![0]!, report: inOneStep(report) }];
              expect(await periodReport(db, report, 'Row', scope, query), JSON.stringify({ kind, query, who })).toEqual(
                await periodReport(db, oneStep, 'Row', scope, query),
              );
              compared += 1;
            }
      }
    expect([...added].sort()).toEqual(
      [
        'attendance by instructor',
        'attendance by school',
        'attendance by seminar',
        'enrollments by instructor',
        'enrollments by month',
        'enrollments by school',
        'enrollments by series',
        'enrollments by status',
        'enrollments kept 0 by month',
        'enrollments kept 0 by school',
        'enrollments kept 0 by series',
        'enrollments kept 0 by status',
        'enrollments kept 1 by instructor',
        'enrollments kept 1 by month',
        'enrollments kept 1 by school',
        'lessons by delivery_type',
        'lessons by instructor',
        'lessons by school',
        'lessons kept 0 by course',
        'lessons kept 0 by delivery_type',
        'lessons kept 1 by instructor',
        'lessons kept 1 by school',
        'lessons kept 2 by course',
        'lessons kept 2 by delivery_type',
        'lessons kept 2 by school',
        'lessons kept 3 by course',
        'lessons kept 3 by delivery_type',
        'lessons kept 3 by instructor',
        'lessons kept 3 by school',
        'products by delivery_type',
        'products by instructor',
        'products by product',
        'products by school',
        'products by series',
      ].sort(),
    );
    expect(compared).toBeGreaterThan(500);
    const byInstructor = await periodReport(db, periodReports.products, 'Row', scopes.network!, { group: 'instructor' });
    expect(byInstructor.rows.map((row) => row.name)).toContain('No instructor');
    await db.delete(students).where(eq(students.id, nobody.id));
  }, sweepTimeout);

  it('a report named after its grouping (the decisions) answers every grouping, filter, period and scope as in one step', async () => {
    const db = t.database.db;
    const { scopes, filters, periods } = cases();
    // A student with no instructor, with a decision on a lesson, for the 'No instructor' row (the
    // hand-counted network has a decision of a visit, with no lesson, for the 'A visit' row).
    const nobody = await createStudent(db, { schoolId: net.schoolB.id, firstName: 'Named', lastName: 'Nobody' });
    const nobodys = await enroll(db, nobody.id, net.zeta.course.id, { startedOn: '2026-02-03', status: 'Enrolled' });
    const lesson = await deliver(db, nobodys.id, net.zeta.lessons[0]!.id, { deliveryType: 'PD', dateSent: '2026-02-03', dateCompleted: '2026-02-20' });
    const [option] = await db.insert(decisionOptions).values({ seriesId: net.zeta.course.id, name: 'Named Decision' }).returning();
    await db
      .insert(decisions)
      .values({ decisionOptionId: option!.id, cachedEnrollmentId: nobodys.id, episodeDeliveryId: lesson.id, createdAt: new Date('2026-02-20T12:00:00Z') });
    const report = periodReports.decisions;
    // Asked as the reports ask it (a global admin's whole months from the kept counts, migration
    // 0036) and named after its grouping from the decisions alone.
    const asked: PeriodReport[] = [report, { ...report, counted: undefined }];
    const oneStep: PeriodReport = { ...report, namedAfter: undefined, counted: undefined };
    const named = new Set<string>();
    let compared = 0;
    for (const [group, grouping] of Object.entries(report.groups)) {
      if (!groupedBy(report, grouping)) continue;
      named.add(group);
      for (const filter of filters)
        for (const period of periods)
          for (const [who, scope] of Object.entries(scopes)) {
            if (!Object.keys(filter).every((key) => key in report.filters)) continue;
            const query = { group, ...period, ...filter } as PeriodReportQuery;
            const expected = await periodReport(db, oneStep, 'Row', scope, query);
            for (const [i, way] of asked.entries()) {
              expect(await periodReport(db, way, 'Row', scope, query), JSON.stringify({ query, who, i })).toEqual(expected);
              compared += 1;
            }
          }
    }
    // The lesson's row reads two tables' columns: the decision's lesson and the option's series.
    expect([...named].sort()).toEqual(['instructor', 'lesson', 'option', 'school', 'series']);
    expect(compared).toBeGreaterThan(200);
    const byInstructor = await periodReport(db, report, 'Row', scopes.network!, { group: 'instructor' });
    expect(byInstructor.rows.map((row) => row.name)).toContain('No instructor');
    expect(byInstructor.totals.students).toBeGreaterThan(0);
    await db.delete(students).where(eq(students.id, nobody.id));
  }, sweepTimeout);

  it('a report named after its grouping answers the decisions of visits in two series of one name as in one step', async () => {
    const db = t.database.db;
    // Two courses of one name (names are not unique: every school's seminar may be called alike),
    // each with a decision of a visit: the one-step report groups the visits' rows by the series' name.
    const student = await createStudent(db, { schoolId: net.schoolB.id, firstName: 'Twin', lastName: 'Visits' });
    const made: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { course } = await createCourse(db, 1, { name: 'Twin Course' });
      const enrollment = await enroll(db, student.id, course.id, { startedOn: '2026-02-03', status: 'Enrolled' });
      const [visit] = await db.insert(visits).values({ enrollmentId: enrollment.id, date: '2026-02-10' }).returning();
      const [option] = await db.insert(decisionOptions).values({ seriesId: course.id, name: 'Twin Decision' }).returning();
      await db
        .insert(decisions)
        .values({ decisionOptionId: option!.id, cachedEnrollmentId: enrollment.id, visitId: visit!.id, createdAt: new Date('2026-02-10T12:00:00Z') });
      made.push(course.id);
    }
    const report = periodReports.decisions;
    const oneStep: PeriodReport = { ...report, namedAfter: undefined, counted: undefined };
    const network: Scope = networkScope(net.globalAdmin.id);
    try {
      for (const group of ['lesson', 'series', 'option']) {
        const query = { group } as PeriodReportQuery;
        const expected = await periodReport(db, oneStep, 'Row', network, query);
        expect(await periodReport(db, report, 'Row', network, query), group).toEqual(expected);
        expect(await periodReport(db, { ...report, counted: undefined }, 'Row', network, query), group).toEqual(expected);
      }
    } finally {
      await db.delete(students).where(eq(students.id, student.id));
      await db.delete(series).where(inArray(series.id, made));
    }
  });

  it("tests a user's scope on the place a decision or an attendance carries exactly as on its enrollment", async () => {
    const db = t.database.db;
    // A school admin who also teaches a student elsewhere, and one with a student shared from elsewhere.
    const elsewhere = await createStudent(db, { schoolId: net.schoolC.id, instructorId: net.adminA.id, firstName: 'Place', lastName: 'Elsewhere' });
    const enrolled = await enroll(db, elsewhere.id, net.gamma.id, { startedOn: '2026-02-01', status: 'Attended' });
    const [attended] = await db.insert(attendances).values({ enrollmentId: enrolled.id, episodeId: net.presentations[0]!.id }).returning();
    const [option] = await db.insert(decisionOptions).values({ seriesId: net.gamma.id, name: 'Place Decision' }).returning();
    await db.insert(decisions).values({ decisionOptionId: option!.id, cachedEnrollmentId: enrolled.id, attendanceId: attended!.id });
    await db.insert(studentShares).values({ studentId: elsewhere.id, userId: net.b1.id });
    const adminC = await createUser(db, { roleType: 'school_admin', schoolId: net.schoolC.id });
    const scopes: Scope[] = [
      schoolAdminScope(net.adminA.id, net.schoolA.id),
      { userId: net.a1.id, all: false, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [net.schoolA.id] },
      { userId: net.b1.id, all: false, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [net.schoolB.id] },
      schoolAdminScope(adminC.id, net.schoolC.id),
    ];
    let compared = 0;
    for (const kind of ['decisions', 'attendance'] as const) {
      const report = periodReports[kind];
      expect(report.place, kind).toBeDefined();
      // The same report scoped as the others are: through each record's enrollment, joined.
      const enrollmentOf = { decisions: sql`dc.cached_enrollment_id`, attendance: sql`a.enrollment_id` }[kind];
      const throughEnrollment: PeriodReport = {
        ...report,
        place: undefined,
        joins: { ...report.joins, e: sql`join enrollments e on e.id = ${enrollmentOf}` },
      };
      for (const group of Object.keys(report.groups))
        for (const period of [{ from: '2026-01-01', to: '2026-03-31' }, {}])
          for (const filter of [{}, { school_id: net.schoolC.id }, { conference_id: net.y.id }])
            for (const scope of scopes) {
              const query = { group, ...period, ...filter } as PeriodReportQuery;
              const answer = await periodReport(db, report, 'Row', scope, query);
              expect(answer, JSON.stringify({ kind, query, user: scope.userId })).toEqual(await periodReport(db, throughEnrollment, 'Row', scope, query));
              compared += 1;
            }
    }
    expect(compared).toBeGreaterThan(200);
    // The teacher and the one shared with see the student's decision at another school; its school's admin too.
    for (const scope of [scopes[0]!, scopes[2]!, scopes[3]!]) {
      const found = await periodReport(db, periodReports.decisions, 'Row', scope, { group: 'option', school_id: net.schoolC.id });
      expect(found.rows.map((row) => row.name), String(scope.userId)).toContain('Place Decision');
    }
    const a1 = await periodReport(db, periodReports.decisions, 'Row', scopes[1]!, { group: 'option', school_id: net.schoolC.id });
    expect(a1.rows).toEqual([]);
    await db.delete(students).where(eq(students.id, elsewhere.id));
  });
});
