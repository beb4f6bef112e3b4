import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  attendances,
  decisions,
  notes,
  productDeliveries,
  reminders,
  visits,
} from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import {
  clientFor,
  createDecisionOptions,
  createProductOffer,
  createSeminar,
  todayIso,
} from './support/enrollment-factories.ts';
import { createCourse, createNetwork, createUser, deliver, enroll, type Network, offer, share } from './support/factories.ts';

describe('GET /api/enrollments/:id and /decisions_summary', () => {
  let t: TestContext;
  let net: Network;
  let enrollmentId: number;
  let seminarEnrollmentId: number;
  let optionIds: number[];
  let noRoleEmail: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    net = await createNetwork(db);
    noRoleEmail = (await createUser(db, null)).email;
    const { course, lessons } = await createCourse(db, 3);
    await offer(db, course.id, net.schoolA.id);
    const options = await createDecisionOptions(db, course.id, ['Accept Jesus', 'Baptism', 'Sabbath']);
    optionIds = options.map((o) => o.id);
    const product = await createProductOffer(db, course.id, { name: 'Bible', defaultPrice: '12.00' });
    const enrollment = await enroll(db, net.studentA.id, course.id);
    enrollmentId = enrollment.id;
    // Inserted out of order: the answer orders lessons by position.
    await deliver(db, enrollmentId, lessons[1]!.id, { dateSent: '2026-01-10' });
    const first = await deliver(db, enrollmentId, lessons[0]!.id, {
      dateSent: '2026-01-03',
      dateCompleted: '2026-01-08',
      gradingInstructorId: net.instructorA.id,
    });
    const [oldVisit] = await db
      .insert(visits)
      .values({ enrollmentId, date: '2026-01-05', visitorId: net.instructorA.id })
      .returning();
    const [newVisit] = await db.insert(visits).values({ enrollmentId, date: '2026-02-01' }).returning();
    const [reminder] = await db.insert(reminders).values({ enrollmentId, date: '2026-04-01' }).returning();
    await db.insert(reminders).values({ enrollmentId, date: '2026-05-01' });
    await db.insert(productDeliveries).values([
      { enrollmentId, productOfferId: product.id, deliveredAt: '2026-01-02', quantity: 2, price: '10.00' },
      { enrollmentId, productOfferId: product.id, deliveredAt: '2026-02-02', quantity: 1, price: '12.00' },
    ]);
    await db.insert(decisions).values([
      { decisionOptionId: optionIds[1]!, cachedEnrollmentId: enrollmentId, episodeDeliveryId: first.id },
      { decisionOptionId: optionIds[1]!, cachedEnrollmentId: enrollmentId, visitId: oldVisit!.id },
      { decisionOptionId: optionIds[0]!, cachedEnrollmentId: enrollmentId, visitId: newVisit!.id },
    ]);
    await db.insert(notes).values([
      {
        type: 'PrayerRequest',
        text: 'Pray for my family',
        studentId: net.studentA.id,
        cachedEnrollmentId: enrollmentId,
        episodeDeliveryId: first.id,
        authorId: net.instructorA.id,
      },
      { text: 'Good visit', studentId: net.studentA.id, cachedEnrollmentId: enrollmentId, visitId: oldVisit!.id },
      { text: 'Call first', studentId: net.studentA.id, cachedEnrollmentId: enrollmentId, reminderId: reminder!.id },
    ]);
    const { seminar, presentations } = await createSeminar(db, net.schoolA.id, 3);
    const seminarEnrollment = await enroll(db, net.studentA.id, seminar.id, { status: 'Attended' });
    seminarEnrollmentId = seminarEnrollment.id;
    const [attendance] = await db
      .insert(attendances)
      .values([
        { enrollmentId: seminarEnrollmentId, episodeId: presentations[2]!.id },
        { enrollmentId: seminarEnrollmentId, episodeId: presentations[0]!.id },
      ])
      .returning();
    const seminarOptions = await createDecisionOptions(db, seminar.id, ['Attend church']);
    await db.insert(decisions).values({
      decisionOptionId: seminarOptions[0]!.id,
      cachedEnrollmentId: seminarEnrollmentId,
      attendanceId: attendance!.id,
    });
  });
  afterAll(async () => t.close());

  it('answers 401 signed out and 403 to a user without a role', async () => {
    expect((await clientFor(t, null).get(`/api/enrollments/${enrollmentId}`)).statusCode).toBe(401);
    expect((await clientFor(t, null).get(`/api/enrollments/${enrollmentId}/decisions_summary`)).statusCode).toBe(401);
    const noRole = clientFor(t, noRoleEmail);
    expect((await noRole.get(`/api/enrollments/${enrollmentId}`)).statusCode).toBe(403);
    expect((await noRole.get(`/api/enrollments/${enrollmentId}/decisions_summary`)).statusCode).toBe(403);
  });

  it('answers 404 out of scope exactly like a missing enrollment, and 422 for a bad id', async () => {
    const other = clientFor(t, net.instructorB.email);
    for (const suffix of ['', '/decisions_summary']) {
      const outOfScope = await other.get(`/api/enrollments/${enrollmentId}${suffix}`);
      const missing = await other.get(`/api/enrollments/999999999${suffix}`);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
    }
    expect((await other.get('/api/enrollments/abc')).statusCode).toBe(422);
    expect((await other.get('/api/enrollments/abc/decisions_summary')).statusCode).toBe(422);
  });

  it('loads the enrollment with every record, ordered, with decisions and notes attached', async () => {
    const response = await clientFor(t, net.instructorA.email).get(`/api/enrollments/${enrollmentId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: enrollmentId,
      series_type: 'Course',
      status: 'Enrolled',
      student: { id: net.studentA.id, first_name: 'Zebulon', last_name: 'Quartermain' },
      school: { id: net.schoolA.id, school_code: net.schoolA.schoolCode, church_name: 'Alpha Church' },
      instructor: { id: net.instructorA.id },
      started_on: todayIso(),
      needing_followup: false,
    });
    expect(body.episode_deliveries.map((d: { episode_position: number }) => d.episode_position)).toEqual([1, 2]);
    expect(body.episode_deliveries[0]).toMatchObject({
      episode_name: 'Lesson 1',
      date_sent: '2026-01-03',
      date_completed: '2026-01-08',
      delivery_type: 'PO',
      grading_instructor_id: net.instructorA.id,
      decisions: [{ decision_option_id: optionIds[1], decision_option_name: 'Baptism' }],
      notes: [{ type: 'PrayerRequest', text: 'Pray for my family', author: { id: net.instructorA.id } }],
    });
    expect(body.episode_deliveries[0].notes[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(body.episode_deliveries[1]).toMatchObject({ date_completed: null, decisions: [], notes: [] });
    expect(body.visits.map((v: { date: string }) => v.date)).toEqual(['2026-02-01', '2026-01-05']);
    expect(body.visits[1]).toMatchObject({
      visitor: { id: net.instructorA.id },
      decisions: [{ decision_option_name: 'Baptism' }],
      notes: [{ text: 'Good visit', type: 'Note', author: null }],
    });
    expect(body.visits[0]).toMatchObject({ visitor: null, decisions: [{ decision_option_name: 'Accept Jesus' }] });
    expect(body.reminders.map((r: { date: string }) => r.date)).toEqual(['2026-05-01', '2026-04-01']);
    expect(body.reminders[1].notes).toMatchObject([{ text: 'Call first' }]);
    expect(body.product_deliveries).toMatchObject([
      { delivered_at: '2026-02-02', product_name: 'Bible', quantity: 1, price: '12.00' },
      { delivered_at: '2026-01-02', quantity: 2, price: '10.00', visitor_name: null },
    ]);
    expect(body.attendances).toEqual([]);
  });

  it('loads a seminar enrollment with its attendances by presentation position', async () => {
    const response = await clientFor(t, net.schoolAdminA.email).get(`/api/enrollments/${seminarEnrollmentId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.series_type).toBe('Seminar');
    expect(body.attendances.map((a: { episode_position: number }) => a.episode_position)).toEqual([1, 3]);
    expect(body.attendances[1].decisions).toMatchObject([{ decision_option_name: 'Attend church' }]);
    expect(body.episode_deliveries).toEqual([]);
  });

  it('lets a user with whom the student is shared read it', async () => {
    await share(t.database.db, net.studentA.id, net.instructorB.id);
    const response = await clientFor(t, net.instructorB.email).get(`/api/enrollments/${enrollmentId}`);
    expect(response.statusCode).toBe(200);
    await t.database.exec(`delete from student_shares where user_id = ${net.instructorB.id}`);
  });

  it('runs a fixed number of queries whatever the number of records', async () => {
    const client = clientFor(t, net.globalAdmin.email);
    const count = async (id: number) => {
      const spy = vi.spyOn(t.database.db, 'execute');
      const response = await client.get(`/api/enrollments/${id}`);
      expect(response.statusCode).toBe(200);
      const calls = spy.mock.calls.length;
      spy.mockRestore();
      return calls;
    };
    const many = await count(enrollmentId);
    const db = t.database.db;
    const { course } = await createCourse(db, 1);
    const bare = await enroll(db, net.studentA2.id, course.id);
    expect(await count(bare.id)).toBe(many);
    await db.insert(visits).values(Array.from({ length: 8 }, () => ({ enrollmentId: bare.id, date: '2026-01-01' })));
    expect(await count(bare.id)).toBe(many);
  });

  it('summarises every decision option of the series, decided or not, with its first date', async () => {
    const response = await clientFor(t, net.instructorA.email).get(`/api/enrollments/${enrollmentId}/decisions_summary`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      decision_options: [
        { id: optionIds[0], name: 'Accept Jesus', decided: true, decisions_count: 1, first_decided_on: '2026-02-01' },
        // The lesson completed on 01/08, the visit on 01/05: the earliest wins.
        { id: optionIds[1], name: 'Baptism', decided: true, decisions_count: 2, first_decided_on: '2026-01-05' },
        { id: optionIds[2], name: 'Sabbath', decided: false, decisions_count: 0, first_decided_on: null },
      ],
    });
    const seminar = await clientFor(t, net.instructorA.email).get(
      `/api/enrollments/${seminarEnrollmentId}/decisions_summary`,
    );
    // A presentation's decision dates from the presentation (03/03 for the third one).
    expect(seminar.json().decision_options).toEqual([
      expect.objectContaining({ name: 'Attend church', decided: true, first_decided_on: '2026-03-03' }),
    ]);
  });
});
