import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createUser, deliver, enroll, remind } from './support/factories.ts';
import { createDecisionOption, createProductOffer, createSeminar } from './support/enrollment-factories.ts';
import {
  attend,
  createStaffedNetwork,
  decide,
  deliverProduct,
  type StaffedNetwork,
  visit,
  writeNote,
} from './support/student-factories.ts';

describe("a student's decisions, notes and products", () => {
  let t: TestContext;
  let net: StaffedNetwork;
  let noRole: { email: string };
  const ids = {} as Record<string, number>;
  const get = async (url: string, email: string | null) =>
    t.app.inject({ method: 'GET', url, headers: email ? await t.headersFor(email) : {} });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    net = await createStaffedNetwork(db);
    noRole = await createUser(db, null);
    const { course, lessons } = await createCourse(db, 2, { name: 'Amazing Facts' });
    await db.update(episodes).set({ name: 'The Bible' }).where(eq(episodes.id, lessons[1]!.id));
    const { seminar, presentations } = await createSeminar(db, net.schoolA.id, 1);
    await db.update(episodes).set({ name: 'Hope', date: '2026-02-14' }).where(eq(episodes.id, presentations[0]!.id));
    const baptism = await createDecisionOption(db, course.id, 'Baptism');
    const prayer = await createDecisionOption(db, seminar.id, 'Daily prayer');
    const bible = await createProductOffer(db, null, { name: 'Study Bible' });
    const dvd = await createProductOffer(db, null, { name: 'DVD set' });

    const courseEnrollment = await enroll(db, net.studentA.id, course.id);
    const seminarEnrollment = await enroll(db, net.studentA.id, seminar.id, { status: 'Attended' });
    const lesson = await deliver(db, courseEnrollment.id, lessons[1]!.id, {
      dateSent: '2026-01-05',
      dateCompleted: '2026-01-20',
    });
    const attendance = await attend(db, seminarEnrollment.id, presentations[0]!.id);
    const visited = await visit(db, courseEnrollment.id, '2026-03-07');
    const reminder = await remind(db, courseEnrollment.id, '2026-04-02');
    ids.lessonDecision = (await decide(db, courseEnrollment.id, baptism.id, { episodeDeliveryId: lesson.id })).id;
    ids.presentationDecision = (await decide(db, seminarEnrollment.id, prayer.id, { attendanceId: attendance.id })).id;
    ids.visitDecision = (await decide(db, courseEnrollment.id, baptism.id, { visitId: visited.id })).id;
    const note = (values: Partial<Parameters<typeof writeNote>[1]>, text: string, createdAt: string) =>
      writeNote(db, {
        studentId: net.studentA.id,
        text,
        authorId: net.instructorA.id,
        createdAt: new Date(createdAt),
        ...values,
      });
    ids.lessonNote = (
      await note({ episodeDeliveryId: lesson.id, cachedEnrollmentId: courseEnrollment.id }, 'On lesson', '2026-01-21')
    ).id;
    ids.presentationNote = (
      await note(
        { attendanceId: attendance.id, cachedEnrollmentId: seminarEnrollment.id, type: 'PrayerRequest' },
        'For my mother',
        '2026-02-14',
      )
    ).id;
    ids.visitNote = (await note({ visitId: visited.id, cachedEnrollmentId: courseEnrollment.id }, 'At home', '2026-03-07'))
      .id;
    ids.reminderNote = (
      await note({ reminderId: reminder.id, cachedEnrollmentId: courseEnrollment.id }, 'Call back', '2026-03-08')
    ).id;
    ids.studentNote = (await note({ authorId: null }, 'Moved house', '2026-03-09')).id;
    ids.bible = (
      await deliverProduct(db, {
        enrollmentId: courseEnrollment.id,
        productOfferId: bible.id,
        deliveredAt: '2026-01-06',
        price: '12.50',
        quantity: 2,
        deliveryType: 'PD',
        visitorName: 'Ruth',
      })
    ).id;
    ids.dvd = (
      await deliverProduct(db, {
        enrollmentId: seminarEnrollment.id,
        productOfferId: dvd.id,
        deliveredAt: '2026-02-14',
        price: '0',
      })
    ).id;
    ids.courseEnrollment = courseEnrollment.id;
    ids.seminarEnrollment = seminarEnrollment.id;
    ids.bibleProduct = bible.id;
  });
  afterAll(async () => t.close());

  for (const list of ['decisions', 'notes', 'products']) {
    it(`GET /api/students/:id/${list}: 401, 403 without a role, 404 out of scope like a missing one, 422 bad id`, async () => {
      expect((await get(`/api/students/${net.studentA.id}/${list}`, null)).statusCode).toBe(401);
      expect((await get(`/api/students/${net.studentA.id}/${list}`, noRole.email)).statusCode).toBe(403);
      const outOfScope = await get(`/api/students/${net.studentA.id}/${list}`, net.instructorB.email);
      const missing = await get(`/api/students/999999999/${list}`, net.instructorB.email);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      expect((await get(`/api/students/abc/${list}`, net.instructorA.email)).statusCode).toBe(422);
    });
  }

  it('lists every decision with its option, series and context, newest first', async () => {
    const response = await get(`/api/students/${net.studentA.id}/decisions`, net.instructorA.email);
    expect(response.statusCode).toBe(200);
    expect(response.json().decisions).toEqual([
      expect.objectContaining({
        id: ids.visitDecision,
        decision_option_name: 'Baptism',
        series_name: 'Amazing Facts',
        series_type: 'Course',
        enrollment_id: ids.courseEnrollment,
        context: 'visit',
        context_label: 'Visit 03/07/2026',
        date: '2026-03-07',
      }),
      expect.objectContaining({
        id: ids.presentationDecision,
        decision_option_name: 'Daily prayer',
        series_type: 'Seminar',
        enrollment_id: ids.seminarEnrollment,
        context: 'presentation',
        context_label: 'Presentation 1: Hope',
        date: '2026-02-14',
      }),
      expect.objectContaining({
        id: ids.lessonDecision,
        context: 'lesson',
        context_label: 'Lesson 2: The Bible',
        date: '2026-01-20',
      }),
    ]);
  });

  it('lists every note with its context and author, newest first', async () => {
    const response = await get(`/api/students/${net.studentA.id}/notes`, net.schoolAdminA.email);
    expect(response.statusCode).toBe(200);
    const notes = response.json().notes as { id: number; context: string; context_label: string }[];
    expect(notes.map((n) => [n.id, n.context, n.context_label])).toEqual([
      [ids.studentNote, 'student', 'Student'],
      [ids.reminderNote, 'reminder', 'Reminder 04/02/2026'],
      [ids.visitNote, 'visit', 'Visit 03/07/2026'],
      [ids.presentationNote, 'presentation', 'Presentation 1: Hope'],
      [ids.lessonNote, 'lesson', 'Lesson 2: The Bible'],
    ]);
    expect(notes[0]).toMatchObject({ author: null, enrollment_id: null, series_name: null, text: 'Moved house' });
    expect(notes[3]).toMatchObject({
      type: 'PrayerRequest',
      text: 'For my mother',
      series_type: 'Seminar',
      enrollment_id: ids.seminarEnrollment,
      author: { id: net.instructorA.id },
      created_at: '2026-02-14T00:00:00Z',
    });
  });

  it('lists every product delivery with product and series, newest first', async () => {
    const response = await get(`/api/students/${net.studentA.id}/products`, net.conferenceAdminA.email);
    expect(response.statusCode).toBe(200);
    expect(response.json().product_deliveries).toEqual([
      expect.objectContaining({ id: ids.dvd, product_name: 'DVD set', price: '0.00', quantity: 1 }),
      {
        id: ids.bible,
        enrollment_id: ids.courseEnrollment,
        series_name: 'Amazing Facts',
        product_id: ids.bibleProduct,
        product_name: 'Study Bible',
        delivered_at: '2026-01-06',
        quantity: 2,
        price: '12.50',
        visitor_name: 'Ruth',
        delivery_type: 'PD',
      },
    ]);
  });

  it('answers empty lists for a student without records', async () => {
    const headers = net.instructorB.email;
    expect((await get(`/api/students/${net.studentB.id}/decisions`, headers)).json()).toEqual({ decisions: [] });
    expect((await get(`/api/students/${net.studentB.id}/notes`, headers)).json()).toEqual({ notes: [] });
    expect((await get(`/api/students/${net.studentB.id}/products`, headers)).json()).toEqual({ product_deliveries: [] });
  });
});
