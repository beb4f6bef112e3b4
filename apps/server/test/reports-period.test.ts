import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../src/db/schema/index.ts';
import type { PeriodReportQuery } from '@srs/shared/reports';
import type { Scope } from '../src/core/scope.ts';
import { periodReport } from '../src/modules/reports/period-report.ts';
import { periodReports } from '../src/modules/reports/period-reports.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createStudent, deliver, enroll } from './support/factories.ts';
import { handCountedNetwork } from './support/hand-counted-network.ts';
import { networkScope, schoolAdminScope } from './support/report-scopes.ts';
import { sweepTimeout } from './support/sweep-timeout.ts';

type Report = { columns: { key: string; label: string; kind: string }[]; rows: Record<string, unknown>[]; totals: Record<string, unknown> };

describe('the reports over a period (GET /api/reports/{report})', () => {
  let t: TestContext;
  let net: Awaited<ReturnType<typeof handCountedNetwork>>;
  const quarter = 'from=2026-01-01&to=2026-03-31';
  const report = async (email: string, path: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/reports/${path}`, headers: await t.headersFor(email) });
    expect(response.statusCode, path).toBe(200);
    return response.json() as Report;
  };
  /** A report's rows and totals as lists of its cells, in its columns' order. */
  const table = (result: Report) =>
    [...result.rows, result.totals].map((row) => result.columns.map((column) => row[column.key]));
  const admin = (path: string) => report(net.globalAdmin.email, path);

  beforeAll(async () => {
    t = await createTestApp();
    net = await handCountedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it('Lessons: sent and completed in the period, by course, lesson, delivery type and school', async () => {
    const byCourse = await admin(`lessons?${quarter}&conference_id=${net.x.id}`);
    expect(byCourse.columns.map((c) => c.label)).toEqual(['Course', 'Sent', 'Completed']);
    expect(table(byCourse)).toEqual([
      ['Alpha Course', 1, 1],
      ['Zeta Course', 4, 4],
      ['Total', 5, 5],
    ]);
    expect(table(await admin(`lessons?${quarter}&conference_id=${net.x.id}&group=delivery_type`))).toEqual([
      ['Post Office', 3, 2],
      ['Personal Delivery', 1, 2],
      ['In-home', 1, 1],
      ['Total', 5, 5],
    ]);
    expect(table(await admin(`lessons?${quarter}&conference_id=${net.x.id}&series_id=${net.zeta.course.id}&group=lesson`))).toEqual([
      ['Zeta Course – 1. Lesson 1', 1, 1],
      ['Zeta Course – 2. Lesson 2', 1, 2],
      ['Zeta Course – 3. Lesson 3', 2, 1],
      ['Total', 4, 4],
    ]);
    expect(table(await admin(`lessons?${quarter}&series_id=${net.alpha.course.id}&group=school`))).toEqual([
      ['Birch Church (PB1)', 1, 1],
      ['Cedar Church (PC1)', 1, 0],
      ['Total', 2, 1],
    ]);
    expect(table(await admin(`lessons?${quarter}&conference_id=${net.x.id}&delivery_type=PD&episode_id=${net.zeta.lessons[2]!.id}`))).toEqual([
      ['Zeta Course', 1, 1],
      ['Total', 1, 1],
    ]);
    // Without a period, every lesson sent and every one completed.
    expect(table(await admin(`lessons?series_id=${net.alpha.course.id}`))).toEqual([
      ['Alpha Course', 3, 2],
      ['Total', 3, 2],
    ]);
  });

  it('Lesson turnaround: median and 90th percentile of the days out, per delivery type, course and school', async () => {
    const byType = await admin(`turnaround?${quarter}&conference_id=${net.x.id}`);
    expect(byType.columns.map((c) => c.label)).toEqual(['Delivery type', 'Lessons returned', 'Median (days)', '90th percentile (days)']);
    // PO 10 and 4; PD 13 and 2; IH 20; all five: 2, 4, 10, 13, 20.
    expect(table(byType)).toEqual([
      ['Post Office', 2, 7, 9.4],
      ['Personal Delivery', 2, 7.5, 11.9],
      ['In-home', 1, 20, 20],
      ['Total', 5, 10, 17.2],
    ]);
    expect(table(await admin(`turnaround?${quarter}&conference_id=${net.x.id}&group=course`))).toEqual([
      ['Alpha Course', 1, 20, 20],
      ['Zeta Course', 4, 7, 12.1],
      ['Total', 5, 10, 17.2],
    ]);
    expect(table(await admin(`turnaround?${quarter}&series_id=${net.alpha.course.id}&group=school`))).toEqual([
      ['Birch Church (PB1)', 1, 20, 20],
      ['Total', 1, 20, 20],
    ]);
  });

  it('Decisions: per decision as worded, per lesson or presentation, with the students who made them', async () => {
    const byOption = await admin(`decisions?${quarter}&conference_id=${net.x.id}`);
    expect(byOption.columns.map((c) => c.label)).toEqual(['Decision', 'Decisions', 'Students']);
    expect(table(byOption)).toEqual([
      ['Accept Jesus', 1, 1],
      ['Be baptized', 4, 3],
      ['Request Bible studies', 1, 1],
      ['Total', 6, 3],
    ]);
    expect(table(await admin(`decisions?${quarter}&conference_id=${net.x.id}&group=lesson`))).toEqual([
      ['Gamma Seminar – 1. Presentation 1', 2, 2],
      ['Zeta Course – 1. Lesson 1', 1, 1],
      ['Zeta Course – 2. Lesson 2', 1, 1],
      ['Zeta Course – 3. Lesson 3', 1, 1],
      ['A visit', 1, 1],
      ['Total', 6, 3],
    ]);
    expect(table(await admin(`decisions?${quarter}&series_id=${net.gamma.id}&group=series`))).toEqual([
      ['Gamma Seminar', 2, 2],
      ['Total', 2, 2],
    ]);
    expect(table(await admin(`decisions?conference_id=${net.x.id}&episode_id=${net.zeta.lessons[0]!.id}`))).toEqual([
      ['Accept Jesus', 1, 1],
      ['Be baptized', 1, 1],
      ['Total', 2, 2],
    ]);
  });

  it('Enrollments: by series, status and month started, with the graduation rate', async () => {
    const bySeries = await admin(`enrollments?conference_id=${net.x.id}`);
    expect(bySeries.columns.map((c) => c.label)).toEqual([
      'Course or seminar',
      'Enrollments',
      'Active',
      'Graduated',
      'Inactive',
      'Graduation rate (%)',
    ]);
    expect(table(bySeries)).toEqual([
      ['Alpha Course', 1, 0, 0, 1, 0],
      ['Gamma Seminar', 2, 2, 0, 0, 0],
      ['Zeta Course', 2, 1, 1, 0, 50],
      ['Total', 5, 3, 1, 1, 20],
    ]);
    expect(table(await admin(`enrollments?conference_id=${net.x.id}&group=month`)).map((row) => row.slice(0, 2))).toEqual([
      ['December 2025', 1],
      ['January 2026', 1],
      ['February 2026', 3],
      ['Total', 5],
    ]);
    expect(table(await admin(`enrollments?${quarter}&conference_id=${net.x.id}&group=status`)).map((row) => row.slice(0, 2))).toEqual([
      ['Enrolled', 1],
      ['Attended', 2],
      ['Inactive', 1],
      ['Total', 4],
    ]);
  });

  it('Products: deliveries, quantity and amount per product in the period', async () => {
    expect(table(await admin(`products?${quarter}&conference_id=${net.x.id}`))).toEqual([
      ['Period Bible', 1, 1, 10],
      ['Period Great Controversy', 2, 6, 14],
      ['Total', 3, 7, 24],
    ]);
    expect(table(await admin(`products?${quarter}&conference_id=${net.x.id}&delivery_type=PD`))).toEqual([
      ['Period Great Controversy', 1, 4, 10],
      ['Total', 1, 4, 10],
    ]);
  });

  it('Seminar attendance: per presentation given in the period', async () => {
    const byPresentation = await admin(`attendance?${quarter}&conference_id=${net.x.id}`);
    expect(table(byPresentation)).toEqual([
      ['Gamma Seminar – 1. Presentation 1', 2, 2],
      ['Gamma Seminar – 2. Presentation 2', 1, 1],
      ['Total', 3, 2],
    ]);
    expect(table(await admin(`attendance?conference_id=${net.x.id}&group=seminar`))).toEqual([
      ['Gamma Seminar', 4, 2],
      ['Total', 4, 2],
    ]);
  });

  it('counts only what each user sees: a school admin their schools, an instructor their students', async () => {
    expect(table(await report(net.a1.email, `decisions?${quarter}`))).toEqual([
      ['Accept Jesus', 1, 1],
      ['Be baptized', 2, 1],
      ['Total', 3, 1],
    ]);
    expect(table(await report(net.a1.email, `lessons?${quarter}`))).toEqual([
      ['Zeta Course', 3, 2],
      ['Total', 3, 2],
    ]);
    expect(table(await report(net.adminA.email, `products?${quarter}`))).toEqual([
      ['Period Bible', 1, 1, 10],
      ['Period Great Controversy', 1, 4, 10],
      ['Total', 2, 5, 20],
    ]);
    // Another school's series or conference as a filter finds nothing of it.
    expect(table(await report(net.adminA.email, `lessons?series_id=${net.alpha.course.id}`))).toEqual([['Total', 0, 0]]);
  });

  it('answers from the counts kept by month exactly as from the lessons, for every grouping and filter they have', async () => {
    const db = t.database.db;
    const network: Scope = networkScope(net.globalAdmin.id);
    const schoolA: Scope = schoolAdminScope(net.adminA.id, net.schoolA.id);
    const filters: Omit<PeriodReportQuery, 'group' | 'from' | 'to'>[] = [
      {},
      { conference_id: net.x.id },
      { school_id: net.schoolB.id },
      { series_id: net.zeta.course.id },
      { episode_id: net.zeta.lessons[1]!.id },
      { delivery_type: 'PD' },
    ];
    const periods = [{ from: '2026-01-01', to: '2026-03-31' }, { from: '2026-02-01' }, { to: '2025-12-31' }, {}];
    // A student with no instructor, for the instructor's 'No instructor' row; gone again at the end.
    const nobody = await createStudent(db, { schoolId: net.schoolB.id, firstName: 'Period', lastName: 'Nobody' });
    const nobodys = await enroll(db, nobody.id, net.zeta.course.id, { startedOn: '2026-01-02', status: 'Enrolled' });
    await deliver(db, nobodys.id, net.zeta.lessons[0]!.id, { deliveryType: 'PD', dateSent: '2026-01-02', dateCompleted: '2026-01-30' });
    await deliver(db, nobodys.id, net.zeta.lessons[1]!.id, { deliveryType: 'PO', dateSent: '2026-02-03' });
    filters.push({ instructor_id: net.a1.id }, { instructor_id: net.b1.id });
    let compared = 0;
    for (const kind of ['lessons', 'turnaround'] as const) {
      const report = periodReports[kind];
      const fromLessons = { ...report, counted: undefined };
      for (const counted of report.counted!)
        for (const group of Object.keys(counted.report.groups))
          for (const filter of filters)
            for (const period of periods)
              for (const scope of [network, schoolA]) {
                if (!Object.keys(filter).every((key) => key in counted.report.filters)) continue;
                const query = { group, ...period, ...filter };
                const fromCounts = await periodReport(db, report, 'Row', scope, query);
                expect(fromCounts, JSON.stringify({ kind, query, all: scope.all })).toEqual(await periodReport(db, fromLessons, 'Row', scope, query));
                compared += 1;
              }
    }
    // Every grouping of both, and the instructor's rows among them.
    expect(compared).toBeGreaterThan(300);
    const byInstructor = await periodReport(db, periodReports.lessons, 'Row', network, { group: 'instructor', from: '2026-01-01', to: '2026-03-31' });
    expect(byInstructor.rows.map((row) => row.name)).toContain('No instructor');
    await db.delete(students).where(eq(students.id, nobody.id));
  }, sweepTimeout);

  it('reads the lessons by instructor and by school from the totals by instructor over whole months, and no further (migration 0044)', async () => {
    const network: Scope = networkScope(net.globalAdmin.id);
    const sent = async (tx: Parameters<Parameters<typeof t.database.db.transaction>[0]>[0], query: PeriodReportQuery) =>
      Number((await periodReport(tx, periodReports.lessons, 'Row', network, query)).totals.sent);
    const asked: [PeriodReportQuery, number][] = [
      [{ group: 'instructor', from: '2026-01-01', to: '2026-03-31' }, 7],
      [{ group: 'school', from: '2026-01-01', to: '2026-03-31', conference_id: net.x.id }, 7],
      // Not whole months, or a filter the totals do not have: from other counts or the lessons.
      [{ group: 'instructor', from: '2026-01-01', to: '2026-03-30' }, 0],
      [{ group: 'instructor', from: '2026-01-01', to: '2026-03-31', series_id: net.zeta.course.id }, 0],
    ];
    await t.database.db
      .transaction(async (tx) => {
        const before = await Promise.all(asked.map(([query]) => sent(tx, query)));
        // A total written beside the lessons' counts (and taken back).
        await tx.execute(sql`insert into lesson_instructor_totals (month, school_id, instructor_id, sent, completed)
          values ('2026-02-01', ${net.schoolA.id}, ${net.a1.id}, 7, 0)
          on conflict (month, school_id, instructor_id) do update set sent = lesson_instructor_totals.sent + 7`);
        for (const [i, [query, more]] of asked.entries()) expect(await sent(tx, query), JSON.stringify(query)).toBe(before[i]! + more);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!String(error).includes('Rollback')) throw error;
      });
  });

  it("Lessons and Lesson turnaround by the students' instructor and by lesson, for the network (issue 28)", async () => {
    expect(table(await admin(`lessons?${quarter}&conference_id=${net.x.id}&group=instructor`))).toEqual([
      ['Period Ash', 3, 2],
      ['Period Aspen', 1, 2],
      ['Period Beech', 1, 1],
      ['Total', 5, 5],
    ]);
    // a1: 10 and 4 days; a2: 13 and 2; b1: 20.
    expect(table(await admin(`turnaround?${quarter}&conference_id=${net.x.id}&group=instructor`))).toEqual([
      ['Period Ash', 2, 7, 9.4],
      ['Period Aspen', 2, 7.5, 11.9],
      ['Period Beech', 1, 20, 20],
      ['Total', 5, 10, 17.2],
    ]);
    // The network's turnaround by lesson (from its own counts, migration 0025): Zeta's 10; 4 and 13; 2.
    expect(table(await admin(`turnaround?${quarter}&series_id=${net.zeta.course.id}&group=lesson`))).toEqual([
      ['Zeta Course – 1. Lesson 1', 1, 10, 10],
      ['Zeta Course – 2. Lesson 2', 2, 8.5, 12.1],
      ['Zeta Course – 3. Lesson 3', 1, 2, 2],
      ['Total', 4, 7, 12.1],
    ]);
    expect(table(await admin(`turnaround?${quarter}&instructor_id=${net.a1.id}&group=school`))).toEqual([
      ['Alder Church (PA1)', 2, 7, 9.4],
      ['Total', 2, 7, 9.4],
    ]);
  });

  it('exports exactly what is on screen, totals last, as CSV and as Excel with typed cells', async () => {
    const headers = await t.headersFor(net.globalAdmin.email);
    const query = `${quarter}&conference_id=${net.x.id}`;
    const csv = await t.app.inject({ method: 'GET', url: `/api/reports/products.csv?${query}`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.headers['content-disposition'])).toMatch(/filename="products-by-product-2026-01-01-to-2026-03-31-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body).toBe(
      'Product,Deliveries,Quantity,Amount ($)\nPeriod Bible,1,1,10.00\nPeriod Great Controversy,2,6,14.00\nTotal,3,7,24.00\n',
    );
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/reports/turnaround.xlsx?${query}&group=delivery_type`, headers });
    expect(xlsx.statusCode).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toMatch(
      /filename="lesson-turnaround-by-delivery-type-2026-01-01-to-2026-03-31-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => (sheet.getRow(n).values as unknown[]).slice(1))).toEqual([
      ['Lesson turnaround by delivery type, 01/01/2026–03/31/2026'],
      ['Conference: Xavier Conference'],
      ['Delivery type', 'Lessons returned', 'Median (days)', '90th percentile (days)'],
      ['Post Office', 2, 7, 9.4],
      ['Personal Delivery', 2, 7.5, 11.9],
      ['In-home', 1, 20, 20],
      ['Total', 5, 10, 17.2],
    ]);
  });

  it('says in the Excel file and its name which period, grouping and filters it counts (issue 25)', async () => {
    const excel = async (email: string, url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: await t.headersFor(email) });
      expect(response.statusCode, url).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const lines = [1, 2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
      return { name: String(response.headers['content-disposition']), lines, frozen: sheet.views[0] };
    };
    const byPlace = await excel(
      net.globalAdmin.email,
      `/api/reports/lessons.xlsx?group=school&from=2026-09-01&to=2026-11-30&school_id=${net.schoolA.id}&series_id=${net.zeta.course.id}&delivery_type=PO`,
    );
    expect(byPlace.name).toMatch(/filename="lessons-by-school-2026-09-01-to-2026-11-30-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(byPlace.lines).toEqual([
      ['Lessons by school, 09/01/2026–11/30/2026'],
      ['School: Alder Church (PA1) · Course: Zeta Course · Delivery type: Post Office'],
      ['School', 'Sent', 'Completed'],
    ]);
    // The header row stays in sight under the heading.
    expect(byPlace.frozen).toMatchObject({ state: 'frozen', ySplit: 3 });

    // A period open at one end says so; no filter, no second line.
    const open = await excel(net.globalAdmin.email, '/api/reports/enrollments.xlsx?group=status&from=2026-02-01');
    expect(open.name).toMatch(/filename="enrollments-by-status-from-2026-02-01-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(open.lines.slice(0, 2)).toEqual([['Enrollments by status, from 02/01/2026'], ['Status', 'Enrollments', 'Active', 'Graduated', 'Inactive', 'Graduation rate (%)']]);
    const followup = await excel(net.globalAdmin.email, '/api/reports/followup.xlsx?group=school');
    expect(followup.lines[0]![0]).toMatch(/^Follow-up by school, as of \d{2}\/\d{2}\/\d{4}$/);

    // A school the user does not see is not named: the file names it by its number.
    const elsewhere = await excel(net.adminA.email, `/api/reports/lessons.xlsx?group=course&school_id=${net.schoolC.id}`);
    expect(elsewhere.lines.slice(0, 2)).toEqual([['Lessons by course, all dates'], [`School: #${net.schoolC.id}`]]);

    // A CSV keeps its header first, for the programs that read it; its name has the period too.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/reports/lessons.csv?group=school&from=2026-09-01&to=2026-11-30',
      headers: await t.headersFor(net.globalAdmin.email),
    });
    expect(String(csv.headers['content-disposition'])).toMatch(/filename="lessons-by-school-2026-09-01-to-2026-11-30-/);
    expect(csv.body.split('\n')[0]).toBe('School,Sent,Completed');
  });

  it('refuses a grouping it does not have, a bad date and a period that ends before it starts', async () => {
    const headers = await t.headersFor(net.globalAdmin.email);
    const refused = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(422);
      return response.json() as Record<string, string[]>;
    };
    expect(Object.keys(await refused('/api/reports/lessons?group=product&from=2026-02-30'))).toEqual(
      expect.arrayContaining(['group', 'from']),
    );
    expect(await refused('/api/reports/decisions?from=2026-03-01&to=2026-02-01')).toEqual({
      to: ['must be on or after the From date'],
    });
    expect((await refused('/api/reports/enrollments.csv?school_id=abc')).school_id).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/reports/lessons' })).statusCode).toBe(401);
  });
});
