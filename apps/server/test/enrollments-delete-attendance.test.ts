import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendances, decisions, enrollments, notes, visits } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import {
  clientFor,
  createDecisionOptions,
  createSeminar,
  versionCount,
  versionsOf,
} from './support/enrollment-factories.ts';
import { createCourse, createNetwork, createUser, deliver, enroll, type Network, share } from './support/factories.ts';

describe('DELETE /api/enrollments/:id', () => {
  let t: TestContext;
  let net: Network;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(db());
  });
  afterAll(async () => t.close());

  const courseEnrollment = async (studentId: number) => {
    const { course, lessons } = await createCourse(db(), 2);
    const enrollment = await enroll(db(), studentId, course.id);
    return { enrollment, lessons };
  };

  it('answers 401 signed out, 403 to a user without a role and to an instructor', async () => {
    const { enrollment } = await courseEnrollment(net.studentA.id);
    expect((await clientFor(t, null).delete(`/api/enrollments/${enrollment.id}`)).statusCode).toBe(401);
    const noRole = await createUser(db(), null);
    expect((await clientFor(t, noRole.email).delete(`/api/enrollments/${enrollment.id}`)).statusCode).toBe(403);
    const instructor = await clientFor(t, net.instructorA.email).delete(`/api/enrollments/${enrollment.id}`);
    expect(instructor.statusCode).toBe(403);
    expect(instructor.json()).toEqual({ error: 'You are not authorized to access this page' });
    expect(await db().select().from(enrollments).where(eq(enrollments.id, enrollment.id))).toHaveLength(1);
  });

  it('answers 404 out of scope like a missing one, and 403 when visible but not administered', async () => {
    const { enrollment } = await courseEnrollment(net.studentA2.id);
    const schoolAdminB = await createUser(db(), { roleType: 'school_admin', schoolId: net.schoolB.id });
    const adminB = clientFor(t, schoolAdminB.email);
    const outOfScope = await adminB.delete(`/api/enrollments/${enrollment.id}`);
    const missing = await adminB.delete('/api/enrollments/999999999');
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    expect((await adminB.delete('/api/enrollments/abc')).statusCode).toBe(422);
    // Shared with them: they see the student but do not administer its school.
    await share(db(), net.studentA2.id, schoolAdminB.id);
    expect((await adminB.delete(`/api/enrollments/${enrollment.id}`)).statusCode).toBe(403);
    expect(await db().select().from(enrollments).where(eq(enrollments.id, enrollment.id))).toHaveLength(1);
  });

  it('deletes the enrollment and keeps its records inside the destroy version', async () => {
    const { enrollment, lessons } = await courseEnrollment(net.studentA.id);
    const delivery = await deliver(db(), enrollment.id, lessons[0]!.id, { dateSent: '2026-01-02' });
    const [visit] = await db().insert(visits).values({ enrollmentId: enrollment.id, date: '2026-01-04' }).returning();
    await db()
      .insert(notes)
      .values({ text: 'On the lesson', studentId: net.studentA.id, cachedEnrollmentId: enrollment.id, episodeDeliveryId: delivery.id });
    const response = await clientFor(t, net.conferenceAdminA.email).delete(`/api/enrollments/${enrollment.id}`);
    expect(response.statusCode).toBe(204);
    expect(await db().select().from(enrollments).where(eq(enrollments.id, enrollment.id))).toEqual([]);
    expect(await db().select().from(visits).where(eq(visits.id, visit!.id))).toEqual([]);
    const [version] = await versionsOf(db(), 'Enrollment', enrollment.id);
    expect(version).toMatchObject({ event: 'destroy', whodunnit: net.conferenceAdminA.id });
    const object = version!.object as { id: number; associations: Record<string, { id: number }[]> };
    expect(object.id).toBe(enrollment.id);
    expect(object.associations.episode_deliveries!.map((d) => d.id)).toEqual([delivery.id]);
    expect(object.associations.visits!.map((v) => v.id)).toEqual([visit!.id]);
    expect(object.associations.notes).toMatchObject([{ text: 'On the lesson' }]);
    expect(object.associations.product_deliveries).toEqual([]);
  });
});

describe('PUT /api/enrollments/take_attendance', () => {
  let t: TestContext;
  let net: Network;
  let seminarId: number;
  let presentationIds: number[];
  let first: number;
  let second: number;
  const db = () => t.database.db;
  const take = (email: string | null, body: unknown) => clientFor(t, email).put('/api/enrollments/take_attendance', body);
  const statusOf = async (id: number) =>
    (await db().select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]?.status;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(db());
    const { seminar, presentations } = await createSeminar(db(), net.schoolA.id, 3);
    seminarId = seminar.id;
    presentationIds = presentations.map((p) => p.id);
    first = (await enroll(db(), net.studentA.id, seminar.id, { status: 'Applied' })).id;
    second = (await enroll(db(), net.studentA2.id, seminar.id, { status: 'Applied' })).id;
  });
  afterAll(async () => t.close());

  it('answers 401 signed out and 403 without a role', async () => {
    const body = { episode_id: presentationIds[0], attendances: [{ enrollment_id: first, attended: true }] };
    expect((await take(null, body)).statusCode).toBe(401);
    const noRole = await createUser(db(), null);
    expect((await take(noRole.email, body)).statusCode).toBe(403);
  });

  it('answers 404 when one enrollment is out of scope, like a missing one, and writes nothing', async () => {
    const before = await versionCount(db());
    const outOfScope = await take(net.instructorA.email, {
      episode_id: presentationIds[0],
      attendances: [
        { enrollment_id: first, attended: true },
        { enrollment_id: second, attended: true },
      ],
    });
    const missing = await take(net.instructorA.email, {
      episode_id: presentationIds[0],
      attendances: [{ enrollment_id: 999999999, attended: true }],
    });
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    expect(await db().select().from(attendances).where(eq(attendances.enrollmentId, first))).toEqual([]);
    expect(await versionCount(db())).toBe(before);
  });

  it('answers 422 for bad input, a course enrollment or a presentation of another seminar', async () => {
    const admin = net.schoolAdminA.email;
    const empty = await take(admin, { episode_id: presentationIds[0], attendances: [] });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json())).toEqual(['attendances']);
    const { course } = await createCourse(db(), 1);
    const courseEnrollment = await enroll(db(), net.studentA.id, course.id);
    const notSeminar = await take(admin, {
      episode_id: presentationIds[0],
      attendances: [{ enrollment_id: courseEnrollment.id, attended: true }],
    });
    expect(notSeminar.statusCode).toBe(422);
    expect(Object.keys(notSeminar.json())).toEqual(['episode_id']);
    const { presentations: otherPresentations } = await createSeminar(db(), net.schoolA.id, 1);
    const otherSeminar = await take(admin, {
      episode_id: otherPresentations[0]!.id,
      attendances: [{ enrollment_id: first, attended: true }],
    });
    expect(otherSeminar.statusCode).toBe(422);
  });

  it('records attendance idempotently, moves Applied → Attended, and removes it with its decisions', async () => {
    const admin = net.schoolAdminA.email;
    const body = {
      episode_id: presentationIds[0],
      attendances: [
        { enrollment_id: first, attended: true },
        { enrollment_id: second, attended: false },
      ],
    };
    const taken = await take(admin, body);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ updated: 1 });
    expect(await take(admin, body).then((r) => r.json())).toEqual({ updated: 0 });
    const rows = await db().select().from(attendances).where(inArray(attendances.enrollmentId, [first, second]));
    expect(rows).toMatchObject([{ enrollmentId: first, episodeId: presentationIds[0] }]);
    expect(await versionsOf(db(), 'Attendance', rows[0]!.id)).toMatchObject([
      { event: 'create', whodunnit: net.schoolAdminA.id },
    ]);
    expect(await statusOf(first)).toBe('Attended');
    expect(await statusOf(second)).toBe('Applied');
    const detail = await clientFor(t, admin).get(`/api/enrollments/${first}`);
    // The first presentation is dated 03/01/2026: the seminar's follow-up counts from it.
    expect(detail.json()).toMatchObject({ cached_latest_followup_date: '2026-03-01', status: 'Attended' });

    const [option] = await createDecisionOptions(db(), seminarId, ['Baptism']);
    const [decision] = await db()
      .insert(decisions)
      .values({ decisionOptionId: option!.id, cachedEnrollmentId: first, attendanceId: rows[0]!.id })
      .returning();
    const removed = await take(admin, {
      episode_id: presentationIds[0],
      attendances: [{ enrollment_id: first, attended: false }],
    });
    expect(removed.json()).toEqual({ updated: 1 });
    expect(await db().select().from(attendances).where(eq(attendances.enrollmentId, first))).toEqual([]);
    expect((await versionsOf(db(), 'Decision', decision!.id)).map((v) => v.event)).toEqual(['destroy']);
    expect(await statusOf(first)).toBe('Applied');
  });
});
