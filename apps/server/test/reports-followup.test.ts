import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, students } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, enroll, offer } from './support/factories.ts';
import { handCountedPlaces } from './support/hand-counted-network.ts';
import { expectLessonCountsKept } from './support/lesson-rollups.ts';

/** A day `days` before today, as the server counts days (its own time zone). */
function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * A network counted by hand (follow-up after 30 days, the default):
 *   conference X: school A (a1: enrollments 100 and 40 days old, one 10 days old;
 *                           a2: one followed up 5 days ago, one graduated), school B (b1: 200 days)
 *   conference Y: school C (c1: 31 days old; one a day old with a reminder due today)
 * Needing follow-up: X 3 (oldest 200: A 2 with 100, B 1 with 200), Y 2 (oldest 31).
 */
async function handCountedNetwork(t: TestContext) {
  const db = t.database.db;
  const { x, y, schoolA, schoolB, schoolC, a1, a2, b1, c1, adminA, globalAdmin } = await handCountedPlaces(db, {
    conferences: ['Xanadu Conference', 'Yarrow Conference'],
    codes: 'R',
    firstName: 'Report',
  });
  const { course } = await createCourse(db, 3);
  for (const school of [schoolA, schoolB, schoolC]) await offer(db, course.id, school.id);
  const enrollment = async (
    schoolId: number,
    instructorId: number,
    started: number,
    extra: { status?: 'Graduated'; followedUp?: number; reminderDue?: boolean } = {},
  ) => {
    const student = await createStudent(db, { schoolId, instructorId, firstName: 'R', lastName: `Student ${started}` });
    const row = await enroll(db, student.id, course.id, { startedOn: daysAgo(started), status: extra.status ?? 'Enrolled' });
    await db
      .update(enrollments)
      .set({
        cachedLatestFollowupDate: extra.followedUp === undefined ? null : daysAgo(extra.followedUp),
        cachedNextReminderDate: extra.reminderDue ? daysAgo(0) : null,
      })
      .where(eq(enrollments.id, row.id));
  };
  await enrollment(schoolA.id, a1.id, 100);
  await enrollment(schoolA.id, a1.id, 40);
  await enrollment(schoolA.id, a1.id, 10);
  await enrollment(schoolA.id, a2.id, 60, { followedUp: 5 });
  await enrollment(schoolA.id, a2.id, 35, { status: 'Graduated' });
  await enrollment(schoolB.id, b1.id, 200);
  await enrollment(schoolC.id, c1.id, 31);
  await enrollment(schoolC.id, c1.id, 1, { reminderDue: true });
  return { x, y, schoolA, schoolB, schoolC, a1, c1, adminA, globalAdmin, course };
}

describe('the follow-up roll-up (GET /api/reports/followup)', () => {
  let t: TestContext;
  let net: Awaited<ReturnType<typeof handCountedNetwork>>;
  const report = async (email: string, query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/reports/followup?${query}`, headers: await t.headersFor(email) });
    expect(response.statusCode, query).toBe(200);
    return response.json() as { columns: { key: string; label: string }[]; rows: Record<string, unknown>[]; totals: Record<string, unknown> };
  };
  const figures = (rows: Record<string, unknown>[]) => rows.map((row) => [row.name, row.needing_followup, row.oldest_days]);

  beforeAll(async () => {
    t = await createTestApp();
    net = await handCountedNetwork(t);
  });
  afterAll(async () => t.close());

  it('counts by conference, the slowest first, with the age of the oldest and the totals', async () => {
    const result = await report(net.globalAdmin.email, 'group=conference');
    const ours = result.rows.filter((row) => row.id === net.x.id || row.id === net.y.id);
    expect(figures(ours)).toEqual([
      ['Xanadu Conference', 3, 200],
      ['Yarrow Conference', 2, 31],
    ]);
    expect(result.columns.map((c) => c.label)).toEqual(['Conference', 'Needing follow-up', 'Oldest waiting (days)']);
    const scoped = await report(net.globalAdmin.email, `group=conference&conference_id=${net.x.id}`);
    expect(scoped.totals).toEqual({ name: 'Total', needing_followup: 3, oldest_days: 200 });
  });

  it('opens a conference by school and a school by instructor', async () => {
    expect(figures((await report(net.globalAdmin.email, `group=school&conference_id=${net.x.id}`)).rows)).toEqual([
      ['Birch Church (RB1)', 1, 200],
      ['Alder Church (RA1)', 2, 100],
    ]);
    expect(figures((await report(net.globalAdmin.email, `group=instructor&school_id=${net.schoolA.id}`)).rows)).toEqual([
      ['Report Ash', 2, 100],
    ]);
    const empty = await report(net.globalAdmin.email, `group=instructor&school_id=${net.schoolA.id}&instructor_id=${net.c1.id}`);
    expect(empty).toMatchObject({ rows: [], totals: { needing_followup: 0, oldest_days: null } });
  });

  it('counts only what each user sees: a school admin their school, an instructor their students', async () => {
    expect(figures((await report(net.adminA.email, 'group=conference')).rows)).toEqual([['Xanadu Conference', 2, 100]]);
    expect(figures((await report(net.a1.email, 'group=instructor')).rows)).toEqual([['Report Ash', 2, 100]]);
    expect(figures((await report(net.c1.email, 'group=school')).rows)).toEqual([['Cedar Church (RC1)', 2, 31]]);
  });

  it('exports exactly what is on screen, as CSV and as Excel', async () => {
    const query = `group=school&conference_id=${net.x.id}`;
    const headers = await t.headersFor(net.globalAdmin.email);
    const csv = await t.app.inject({ method: 'GET', url: `/api/reports/followup.csv?${query}`, headers });
    expect(csv.statusCode).toBe(200);
    expect(String(csv.headers['content-disposition'])).toMatch(/filename="followup-by-school-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body).toBe('School,Needing follow-up,Oldest waiting (days)\nBirch Church (RB1),1,200\nAlder Church (RA1),2,100\n');
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/reports/followup.xlsx?${query}`, headers });
    expect(String(xlsx.headers['content-disposition'])).toMatch(/filename="followup-by-school-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // Its title and filter above the header (issue 25), then the rows.
    expect((sheet.getRow(1).values as unknown[]).slice(1)[0]).toMatch(/^Follow-up by school, as of \d{2}\/\d{2}\/\d{4}$/);
    expect([2, 4, 5].map((n) => (sheet.getRow(n).values as unknown[]).slice(1))).toEqual([
      [`Conference: ${net.x.name}`],
      ['Birch Church (RB1)', 1, 200],
      ['Alder Church (RA1)', 2, 100],
    ]);
  });

  it('refuses what is not a level or an id, in the words of SPEC section 8', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/reports/followup?group=planet&school_id=abc',
      headers: await t.headersFor(net.globalAdmin.email),
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json())).toEqual(expect.arrayContaining(['group', 'school_id']));
    expect((await t.app.inject({ method: 'GET', url: '/api/reports/followup' })).statusCode).toBe(401);
  });

  it("counts the network from the days it keeps (issue 28) as from the enrollments, through follow-up, closing, moving and deleting", async () => {
    const db = t.database.db;
    // The series filter reads the enrollments themselves; this network has the one course.
    const both = async (group: string) => {
      const kept = await report(net.globalAdmin.email, `group=${group}`);
      const counted = await report(net.globalAdmin.email, `group=${group}&series_id=${net.course.id}`);
      const ids = group === 'conference' ? [net.x.id, net.y.id] : [net.schoolA.id, net.schoolB.id, net.schoolC.id];
      const ours = (result: typeof kept) => figures(result.rows.filter((row) => ids.includes(row.id as number)));
      expect(ours(kept), group).toEqual(ours(counted));
      return ours(kept);
    };
    expect(await both('conference')).toEqual([
      ['Xanadu Conference', 3, 200],
      ['Yarrow Conference', 2, 31],
    ]);
    const ofCourse = (started: number) => and(eq(enrollments.startedOn, daysAgo(started)), eq(enrollments.seriesId, net.course.id));
    const [oldest] = await db.select().from(enrollments).where(ofCourse(200));
    const [forty] = await db.select().from(enrollments).where(ofCourse(40));
    const [hundred] = await db.select().from(enrollments).where(ofCourse(100));
    // One followed up today, one closed, one whose student moved to school C, then deleted.
    await db.update(enrollments).set({ cachedLatestFollowupDate: daysAgo(0) }).where(eq(enrollments.id, oldest!.id));
    await db.update(enrollments).set({ status: 'Inactive' }).where(eq(enrollments.id, forty!.id));
    await db.update(students).set({ schoolId: net.schoolC.id }).where(eq(students.id, hundred!.studentId));
    await expectLessonCountsKept(t.database);
    expect(await both('conference')).toEqual([['Yarrow Conference', 3, 100]]);
    expect(await both('school')).toEqual([['Cedar Church (RC1)', 3, 100]]);
    await db.delete(enrollments).where(eq(enrollments.id, hundred!.id));
    await expectLessonCountsKept(t.database);
    expect(await both('school')).toEqual([['Cedar Church (RC1)', 2, 31]]);
  });
});
