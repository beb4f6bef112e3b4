import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendances, enrollments } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor, createDecisionOptions, createSeminar, todayIso, versionsOf } from './support/enrollment-factories.ts';
import { createCourse, createNetwork, enroll, type Network, offer } from './support/factories.ts';

describe('PUT /api/enrollments/:id — caches, status rules and follow-up', () => {
  let t: TestContext;
  let net: Network;
  let client: ReturnType<typeof clientFor>;
  const db = () => t.database.db;
  const put = (id: number, body: unknown) => client.put(`/api/enrollments/${id}`, body);

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(db());
    client = clientFor(t, net.schoolAdminA.email);
  });
  afterAll(async () => t.close());

  it('keeps lesson_number, last_sent_delivery and the latest follow-up date after sending and receiving', async () => {
    const { course, lessons } = await createCourse(db(), 3);
    const enrollment = await enroll(db(), net.studentA.id, course.id);
    const sent = await put(enrollment.id, {
      episode_deliveries_attributes: [
        { episode_id: lessons[0]!.id, date_sent: '2026-01-03' },
        { episode_id: lessons[1]!.id, date_sent: '2026-01-10' },
      ],
    });
    expect(sent.json()).toMatchObject({
      lesson_number: 2,
      last_sent_delivery: { date_sent: '2026-01-10' },
      cached_latest_followup_date: '2026-01-10',
    });
    const received = await put(enrollment.id, {
      episode_deliveries_attributes: [{ id: sent.json().episode_deliveries[0].id, date_completed: '2026-01-20' }],
    });
    expect(received.json()).toMatchObject({
      lesson_number: 2,
      last_sent_delivery: { date_sent: '2026-01-10' },
      cached_latest_followup_date: '2026-01-20',
      status: 'Enrolled',
    });
  });

  it('graduates a course enrollment when its last lesson is completed, and takes it back when that changes', async () => {
    const { course, lessons } = await createCourse(db(), 2);
    const enrollment = await enroll(db(), net.studentA.id, course.id);
    const first = await put(enrollment.id, {
      episode_deliveries_attributes: [{ episode_id: lessons[0]!.id, date_sent: '2026-01-01', date_completed: '2026-01-05' }],
    });
    expect(first.json().status).toBe('Enrolled');
    const last = await put(enrollment.id, {
      episode_deliveries_attributes: [{ episode_id: lessons[1]!.id, date_sent: '2026-01-06', date_completed: '2026-01-09' }],
    });
    expect(last.json().status).toBe('Graduated');
    expect((await versionsOf(db(), 'Enrollment', enrollment.id)).at(-1)).toMatchObject({
      event: 'update',
      objectChanges: { status: ['Enrolled', 'Graduated'] },
    });
    const lastDelivery = last.json().episode_deliveries[1];
    const reopened = await put(enrollment.id, {
      episode_deliveries_attributes: [{ id: lastDelivery.id, date_completed: null }],
    });
    expect(reopened.json().status).toBe('Enrolled');
    // A visit does not touch the lessons: it moves no status.
    await db().update(enrollments).set({ status: 'Graduated' }).where(eq(enrollments.id, enrollment.id));
    const visit = await put(enrollment.id, { visits_attributes: [{ date: '2026-02-01' }] });
    expect(visit.json().status).toBe('Graduated');
  });

  it('lets an explicit status win over the rules, with its version; Inactive stays Inactive', async () => {
    const { course, lessons } = await createCourse(db(), 1);
    const enrollment = await enroll(db(), net.studentA2.id, course.id);
    const inactive = await put(enrollment.id, {
      status: 'Inactive',
      episode_deliveries_attributes: [{ episode_id: lessons[0]!.id, date_completed: '2026-01-05' }],
    });
    expect(inactive.json().status).toBe('Inactive');
    expect((await versionsOf(db(), 'Enrollment', enrollment.id)).at(-1)).toMatchObject({
      whodunnit: net.schoolAdminA.id,
      objectChanges: { status: ['Enrolled', 'Inactive'] },
    });
    const edited = await put(enrollment.id, {
      episode_deliveries_attributes: [{ id: inactive.json().episode_deliveries[0].id, date_sent: '2026-01-01' }],
    });
    expect(edited.json().status).toBe('Inactive');
    const bad = await put(enrollment.id, { status: 'Finished' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json())).toEqual(['status']);
  });

  it('moves a seminar enrollment Applied → Attended at its first attendance and back when none is left', async () => {
    const { seminar, presentations } = await createSeminar(db(), net.schoolA.id, 2);
    const [option] = await createDecisionOptions(db(), seminar.id, ['Attend church']);
    const enrollment = await enroll(db(), net.studentA.id, seminar.id, { status: 'Applied' });
    // A decision on a presentation hangs on its attendance, created on save when missing.
    const decided = await put(enrollment.id, {
      attendances_attributes: [
        {
          episode_id: presentations[1]!.id,
          decisions_attributes: [{ decision_option_id: option!.id }],
          notes_attributes: [{ type: 'Note', text: 'Came with a friend' }],
        },
      ],
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({
      status: 'Attended',
      attendances: [
        {
          episode_id: presentations[1]!.id,
          decisions: [{ decision_option_id: option!.id }],
          notes: [{ text: 'Came with a friend' }],
        },
      ],
    });
    // The same presentation again is the same attendance (upsert by episode_id).
    const again = await put(enrollment.id, {
      attendances_attributes: [{ episode_id: presentations[1]!.id, decisions_attributes: [{ decision_option_id: option!.id }] }],
    });
    expect(again.json().attendances).toHaveLength(1);
    expect(again.json().attendances[0].decisions).toHaveLength(1);
    const lessons = await put(enrollment.id, {
      episode_deliveries_attributes: [{ episode_id: presentations[0]!.id, date_sent: '2026-01-01' }],
    });
    expect(lessons.statusCode).toBe(422);
    expect(lessons.json()).toEqual({ episode_deliveries: ['are only recorded for course enrollments'] });
    const removed = await put(enrollment.id, {
      attendances_attributes: [{ id: decided.json().attendances[0].id, _destroy: true }],
    });
    expect(removed.json()).toMatchObject({ status: 'Applied', attendances: [] });
    expect(await db().select().from(attendances).where(eq(attendances.enrollmentId, enrollment.id))).toEqual([]);
  });

  it('puts an enrollment with a reminder dated today in needing_followup, and takes it off after a visit today', async () => {
    const { course } = await createCourse(db(), 1);
    await offer(db(), course.id, net.schoolA.id);
    const enrollment = await enroll(db(), net.studentA2.id, course.id);
    const listed = async () => {
      const response = await client.get('/api/enrollments/needing_followup?per_page=500');
      expect(response.statusCode).toBe(200);
      return (response.json().enrollments as { id: number }[]).some((e) => e.id === enrollment.id);
    };
    expect(await listed()).toBe(false);
    const reminded = await put(enrollment.id, { reminders_attributes: [{ date: todayIso() }] });
    expect(reminded.json()).toMatchObject({ cached_next_reminder_date: todayIso(), needing_followup: true });
    expect(await listed()).toBe(true);
    const visited = await put(enrollment.id, { visits_attributes: [{ date: todayIso() }] });
    expect(visited.json()).toMatchObject({
      cached_latest_followup_date: todayIso(),
      cached_next_reminder_date: null,
      needing_followup: false,
    });
    expect(await listed()).toBe(false);
  });
});
