import type { EnrollmentSummary, FollowupEnrollment } from '@srs/shared/enrollments';
import type { FollowupReason } from '@srs/shared/followup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor } from './support/enrollment-factories.ts';
import { createCourse, createNetwork, createStudent, enroll, type Network, offer } from './support/factories.ts';

/** YYYY-MM-DD `days` before today, in the server's zone (as `today()` reads it). */
function daysAgo(days: number): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

describe('follow-up that says why (DOMAIN.md, Follow-up; issue 25)', () => {
  let t: TestContext;
  let net: Network;
  let client: ReturnType<typeof clientFor>;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(db());
    client = clientFor(t, net.schoolAdminA.email);
  });
  afterAll(async () => t.close());

  async function course() {
    const { course: created } = await createCourse(db(), 2);
    await offer(db(), created.id, net.schoolA.id);
    return created;
  }

  async function followupList(): Promise<FollowupEnrollment[]> {
    const response = await client.get('/api/enrollments/needing_followup?per_page=500');
    expect(response.statusCode).toBe(200);
    return response.json().enrollments;
  }

  async function detail(id: number) {
    const response = await client.get(`/api/enrollments/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json() as { needing_followup: boolean; followup_reason: FollowupReason | null; cached_latest_followup_date: string | null };
  }

  it("a reminder that came due lists an enrollment followed up 11 days ago, says so, and the student's enrollments agree", async () => {
    // The walk's case: the overview said 'last follow-up today' (another enrollment's visit) beside
    // an enrollment needing follow-up, followed up 11 days ago with a reminder due since.
    const student = await createStudent(db(), {
      schoolId: net.schoolA.id,
      instructorId: net.instructorA.id,
      firstName: 'Anais',
      lastName: 'Schuster',
    });
    const reminded = await enroll(db(), student.id, (await course()).id, { startedOn: daysAgo(90) });
    const visitedToday = await enroll(db(), student.id, (await course()).id, { startedOn: daysAgo(90) });
    const write = async (id: number, body: unknown) => expect((await client.put(`/api/enrollments/${id}`, body)).statusCode).toBe(200);
    await write(reminded.id, { visits_attributes: [{ date: daysAgo(11) }], reminders_attributes: [{ date: daysAgo(3) }] });
    await write(visitedToday.id, { visits_attributes: [{ date: daysAgo(0) }] });

    const reason = { kind: 'reminder_due', date: daysAgo(3), days: 3 };
    const listed = (await followupList()).filter((e) => e.student.id === student.id);
    expect(listed).toEqual([
      expect.objectContaining({ id: reminded.id, last_followup_date: daysAgo(11), followup_reason: reason }),
    ]);
    expect(await detail(reminded.id)).toMatchObject({
      needing_followup: true,
      followup_reason: reason,
      cached_latest_followup_date: daysAgo(11),
    });
    expect(await detail(visitedToday.id)).toMatchObject({ needing_followup: false, followup_reason: null });

    // The student's own answer carries each enrollment's last follow-up and reason, the same as the
    // enrollment's page: the overview no longer has only the latest of all to show.
    const shown = (await client.get(`/api/students/${student.id}`)).json().course_enrollments as EnrollmentSummary[];
    const byId = new Map(shown.map((e) => [e.id, e]));
    expect(byId.get(reminded.id)).toMatchObject({ cached_latest_followup_date: daysAgo(11), followup_reason: reason });
    expect(byId.get(visitedToday.id)).toMatchObject({ cached_latest_followup_date: daysAgo(0), followup_reason: null });

    // A visit on the reminder's date is the follow-up it asked for: off the list, no reason left.
    await write(reminded.id, { visits_attributes: [{ date: daysAgo(3) }] });
    expect((await followupList()).some((e) => e.id === reminded.id)).toBe(false);
    expect(await detail(reminded.id)).toMatchObject({ needing_followup: false, followup_reason: null });
  });

  it('counts the days without contact, or since the start when there was none, and names a reminder first', async () => {
    const student = await createStudent(db(), { schoolId: net.schoolA.id, instructorId: net.instructorA.id });
    const silent = await enroll(db(), student.id, (await course()).id, { startedOn: daysAgo(120) });
    const neverContacted = await enroll(db(), student.id, (await course()).id, { startedOn: daysAgo(45) });
    const both = await enroll(db(), student.id, (await course()).id, { startedOn: daysAgo(120) });
    const recent = await enroll(db(), student.id, (await course()).id, { startedOn: daysAgo(20) });
    await client.put(`/api/enrollments/${silent.id}`, { visits_attributes: [{ date: daysAgo(45) }] });
    await client.put(`/api/enrollments/${both.id}`, {
      visits_attributes: [{ date: daysAgo(60) }],
      reminders_attributes: [{ date: daysAgo(400) }, { date: daysAgo(10) }],
    });
    const reasons = new Map((await followupList()).map((e) => [e.id, e.followup_reason]));
    expect(reasons.get(silent.id)).toEqual({ kind: 'no_contact', days: 45 });
    expect(reasons.get(neverContacted.id)).toEqual({ kind: 'no_contact_since_start', days: 45 });
    // The reminder dated before the latest visit was followed up; the one after it is due.
    expect(reasons.get(both.id)).toEqual({ kind: 'reminder_due', date: daysAgo(10), days: 10 });
    expect(reasons.has(recent.id)).toBe(false);
    expect((await detail(neverContacted.id)).followup_reason).toEqual({ kind: 'no_contact_since_start', days: 45 });
  });

  it("every student the phone's Follow-up tile counts shows the enrollment that put them there, with why", async () => {
    // That the tile (the student filter) counts exactly the list's students: student-filters.test.ts.
    for (const email of [net.schoolAdminA.email, net.instructorA.email, net.globalAdmin.email]) {
      const found = (await clientFor(t, email).get('/api/students?enrollments_needing_followup_eq=true&per_page=500')).json();
      expect(found.students.length, email).toBeGreaterThan(0);
      for (const s of found.students as { course_enrollments: EnrollmentSummary[]; seminar_enrollments: EnrollmentSummary[] }[]) {
        expect([...s.course_enrollments, ...s.seminar_enrollments].some((e) => e.followup_reason !== null), email).toBe(true);
      }
    }
  });
});
