import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor, createSeminar, versionsOf } from './support/enrollment-factories.ts';
import { createCourse, createNetwork, createStudent, enroll, type Network, offer } from './support/factories.ts';

type Detail = {
  id: number;
  type: string;
  name: string;
  priority: boolean;
  school: { id: number } | null;
  students_count: number;
  status_counts: Record<string, number>;
  episodes_count: number;
  permissions: { update: boolean; destroy: boolean };
};

describe('series: detail, create, update, delete', () => {
  let t: TestContext;
  let net: Network;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(db());
  });
  afterAll(async () => t.close());

  it('answers a course detail with counts by status of the students the user sees, and permissions', async () => {
    const { course } = await createCourse(db(), 2, { name: 'Detail course', description: 'About it' });
    await offer(db(), course.id, net.schoolA.id);
    await enroll(db(), net.studentA.id, course.id, { status: 'Enrolled' });
    await enroll(db(), net.studentA2.id, course.id, { status: 'Graduated' });
    const admin = await clientFor(t, net.globalAdmin.email).get(`/api/series/${course.id}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({
      id: course.id,
      type: 'Course',
      name: 'Detail course',
      description: 'About it',
      school: null,
      students_count: 2,
      status_counts: { Applied: 0, Enrolled: 1, Attended: 0, Graduated: 1, Inactive: 0 },
      episodes_count: 2,
      permissions: { update: true, destroy: true },
    });
    // The instructor sees their own student only, and keeps nothing of the catalogue.
    const instructor = (await clientFor(t, net.instructorA.email).get(`/api/series/${course.id}`)).json() as Detail;
    expect(instructor.students_count).toBe(1);
    expect(instructor.status_counts.Graduated).toBe(0);
    expect(instructor.permissions).toEqual({ update: false, destroy: false });
    const schoolAdmin = (await clientFor(t, net.schoolAdminA.email).get(`/api/series/${course.id}`)).json() as Detail;
    expect(schoolAdmin.permissions).toEqual({ update: false, destroy: false });
    // Out of scope answers as a missing one.
    const outside = await clientFor(t, net.instructorB.email).get(`/api/series/${course.id}`);
    const missing = await clientFor(t, net.instructorB.email).get('/api/series/999999999');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(missing.json());
    const simple = await clientFor(t, net.instructorA.email).get(`/api/series/${course.id}/simple_show`);
    expect(simple.json()).toEqual({ id: course.id, type: 'Course', name: 'Detail course' });
  });

  it('lists the schools offering a series, within what the user sees', async () => {
    const { course } = await createCourse(db(), 1, { name: 'Offered twice' });
    await offer(db(), course.id, net.schoolA.id);
    await offer(db(), course.id, net.schoolB.id);
    const all = await clientFor(t, net.globalAdmin.email).get(`/api/series/${course.id}/schools`);
    expect(all.json().schools.map((s: { id: number }) => s.id).sort()).toEqual([net.schoolA.id, net.schoolB.id].sort());
    const mine = await clientFor(t, net.schoolAdminA.email).get(`/api/series/${course.id}/schools`);
    expect(mine.json().schools).toMatchObject([{ id: net.schoolA.id, hosting: false, students_count: 0 }]);
    const { seminar } = await createSeminar(db(), net.schoolA.id, 1);
    const held = await clientFor(t, net.schoolAdminA.email).get(`/api/series/${seminar.id}/schools`);
    expect(held.json().schools).toMatchObject([{ id: net.schoolA.id, hosting: true, series_offered_id: null }]);
  });

  it('lets global admins create a course, audited; other admins get 403, instructors 403', async () => {
    const body = { type: 'Course', name: '  New course  ', description: 'Text', priority: true };
    const created = await clientFor(t, net.globalAdmin.email).post('/api/series', body);
    expect(created.statusCode).toBe(201);
    const detail = created.json() as Detail;
    expect(detail).toMatchObject({ type: 'Course', name: 'New course', priority: true, students_count: 0 });
    expect(await versionsOf(db(), 'Series', detail.id)).toHaveLength(1);
    for (const email of [net.schoolAdminA.email, net.conferenceAdminA.email, net.instructorA.email]) {
      const refused = await clientFor(t, email).post('/api/series', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('You are not authorized to access this page');
    }
    const invalid = await clientFor(t, net.globalAdmin.email).post('/api/series', { type: 'Course', name: ' ' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ name: ['This field is required'] });
    const withSchool = await clientFor(t, net.globalAdmin.email).post('/api/series', {
      type: 'Course',
      name: 'X',
      school_id: net.schoolA.id,
    });
    expect(withSchool.statusCode).toBe(422);
  });

  it('creates a seminar for a school the user administers; the school is required', async () => {
    const admin = clientFor(t, net.schoolAdminA.email);
    const missing = await admin.post('/api/series', { type: 'Seminar', name: 'Revival' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual(['School select for a new seminar is required']);
    const created = await admin.post('/api/series', {
      type: 'Seminar',
      name: 'Revival',
      location: 'Main hall',
      school_id: net.schoolA.id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'Seminar',
      location: 'Main hall',
      school: { id: net.schoolA.id },
      permissions: { update: true, destroy: true },
    });
    // A school the user does not see is missing; the conference admin holds one in their conference.
    expect((await admin.post('/api/series', { type: 'Seminar', name: 'X', school_id: net.schoolB.id })).statusCode).toBe(
      404,
    );
    const byConference = await clientFor(t, net.conferenceAdminA.email).post('/api/series', {
      type: 'Seminar',
      name: 'Conference seminar',
      school_id: net.schoolA.id,
    });
    expect(byConference.statusCode).toBe(201);
  });

  it('updates the fields sent and keeps the others; only keepers may', async () => {
    const { course } = await createCourse(db(), 1, { name: 'Keep me', description: 'Stays' });
    await offer(db(), course.id, net.schoolA.id);
    const updated = await clientFor(t, net.globalAdmin.email).put(`/api/series/${course.id}`, { priority: true });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Keep me', description: 'Stays', priority: true });
    const refused = await clientFor(t, net.schoolAdminA.email).put(`/api/series/${course.id}`, { name: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    const instructor = await clientFor(t, net.instructorA.email).put(`/api/series/${course.id}`, { name: 'Mine' });
    expect(instructor.statusCode).toBe(403);
    const outside = await clientFor(t, net.schoolAdminA.email).put('/api/series/999999999', { name: 'X' });
    expect(outside.statusCode).toBe(404);
    const bad = await clientFor(t, net.globalAdmin.email).put(`/api/series/${course.id}`, { name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ name: ['This field is required'] });
  });

  it('refuses to delete a series while enrollments hold it, with the count; deletes an unused one', async () => {
    const { course } = await createCourse(db(), 2, { name: 'Held course' });
    await offer(db(), course.id, net.schoolA.id);
    await enroll(db(), net.studentA.id, course.id);
    const other = await createStudent(db(), { schoolId: net.schoolA.id, instructorId: net.instructorA.id });
    await enroll(db(), other.id, course.id);
    const admin = clientFor(t, net.globalAdmin.email);
    const refused = await admin.delete(`/api/series/${course.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(['This course cannot be deleted: 2 enrollments hold it']);
    // In Spanish to who reads it (issue 29): the sentence with its counts says itself.
    const spanish = await t.app.inject({
      method: 'DELETE',
      url: `/api/series/${course.id}`,
      headers: { ...(await t.headersFor(net.globalAdmin.email)), 'accept-language': 'es-MX' },
    });
    expect(spanish.json()).toEqual(['Este curso no se puede eliminar: lo tienen 2 inscripciones']);
    const { course: unused } = await createCourse(db(), 2, { name: 'Unused course' });
    expect((await clientFor(t, net.schoolAdminA.email).delete(`/api/series/${unused.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/series/${unused.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/series/${unused.id}`)).statusCode).toBe(404);
    const [version] = (await versionsOf(db(), 'Series', unused.id)).slice(-1);
    expect(version?.event).toBe('destroy');
    expect(JSON.stringify(version?.object)).toContain('Lesson 1');
  });

  it('lets the admins of the hosting school keep a seminar, and nobody else', async () => {
    const { seminar } = await createSeminar(db(), net.schoolB.id, 1, { name: 'Held by B' });
    await offer(db(), seminar.id, net.schoolA.id);
    // School A participates: its admin sees the seminar but does not keep it.
    const participant = clientFor(t, net.schoolAdminA.email);
    expect(((await participant.get(`/api/series/${seminar.id}`)).json() as Detail).permissions.update).toBe(false);
    expect((await participant.put(`/api/series/${seminar.id}`, { name: 'Taken' })).statusCode).toBe(403);
    expect((await participant.delete(`/api/series/${seminar.id}`)).statusCode).toBe(403);
    const { seminar: own } = await createSeminar(db(), net.schoolA.id, 1, { name: 'Held by A' });
    const renamed = await participant.put(`/api/series/${own.id}`, { name: 'Renamed', location: 'Annex' });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', location: 'Annex' });
    expect((await participant.delete(`/api/series/${own.id}`)).statusCode).toBe(204);
  });
});
