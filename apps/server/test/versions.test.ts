import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendances,
  decisions,
  enrollments,
  episodeDeliveries,
  notes,
  productDeliveries,
  reminders,
  schools,
  students,
  studentShares,
  versions,
  visits,
} from '../src/db/schema/index.ts';
import { recordVersion } from '../src/core/audit.ts';
import type { Db } from '../src/db/client.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createSchool, createStudent, createUser, deliver, enroll, offer, remind, share } from './support/factories.ts';
import { createDecisionOption, createProductOffer, createSeminar, versionsOf } from './support/enrollment-factories.ts';
import {
  attend,
  createStaffedNetwork,
  decide,
  deliverProduct,
  type StaffedNetwork,
  studentForm,
  visit,
  writeNote,
} from './support/student-factories.ts';

let t: TestContext;
let net: StaffedNetwork;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  net = await createStaffedNetwork(db);
});
afterAll(async () => t.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, email: string | null, payload?: object) {
  return t.app.inject({ method, url, payload, headers: email ? await t.headersFor(email) : {} });
}
const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown> & { versions: { id: number }[] };

/** Every row of a student and what hangs off it, as the database holds them. */
async function everyRowOf(studentId: number) {
  const own = await db.select().from(enrollments).where(eq(enrollments.studentId, studentId));
  const ofEnrollments = async <T>(load: (id: number) => Promise<T[]>) =>
    (await Promise.all(own.map((row) => load(row.id)))).flat();
  const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
  return {
    student: await db.select().from(students).where(eq(students.id, studentId)),
    enrollments: byId(own),
    deliveries: byId(await ofEnrollments((id) => db.select().from(episodeDeliveries).where(eq(episodeDeliveries.enrollmentId, id)))),
    attendances: byId(await ofEnrollments((id) => db.select().from(attendances).where(eq(attendances.enrollmentId, id)))),
    visits: byId(await ofEnrollments((id) => db.select().from(visits).where(eq(visits.enrollmentId, id)))),
    reminders: byId(await ofEnrollments((id) => db.select().from(reminders).where(eq(reminders.enrollmentId, id)))),
    decisions: byId(await ofEnrollments((id) => db.select().from(decisions).where(eq(decisions.cachedEnrollmentId, id)))),
    products: byId(await ofEnrollments((id) => db.select().from(productDeliveries).where(eq(productDeliveries.enrollmentId, id)))),
    notes: byId(await db.select().from(notes).where(eq(notes.studentId, studentId))),
    shares: await db.select().from(studentShares).where(eq(studentShares.studentId, studentId)),
  };
}

/** A student of school A with a record of every kind. */
async function studentWithHistory() {
  const student = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Rhoda', lastName: 'Restorable' });
  const { course, lessons } = await createCourse(db, 2);
  const seminar = await createSeminar(db, net.schoolA.id, 1);
  const option = await createDecisionOption(db, course.id, 'Baptism');
  const product = await createProductOffer(db, null, { name: 'Study Bible' });
  const courseEnrollment = await enroll(db, student.id, course.id);
  const seminarEnrollment = await enroll(db, student.id, seminar.seminar.id, { status: 'Applied' });
  const delivery = await deliver(db, courseEnrollment.id, lessons[0]!.id, { dateSent: '2026-01-05' });
  await attend(db, seminarEnrollment.id, seminar.presentations[0]!.id);
  const visited = await visit(db, courseEnrollment.id, '2026-01-10');
  await remind(db, courseEnrollment.id, '2026-03-01');
  await decide(db, courseEnrollment.id, option.id, { episodeDeliveryId: delivery.id });
  await writeNote(db, { studentId: student.id, text: 'Asked about prayer', visitId: visited.id });
  await deliverProduct(db, { enrollmentId: courseEnrollment.id, productOfferId: product.id, deliveredAt: '2026-01-12', price: '3.00' });
  await share(db, student.id, net.instructorB.id);
  return { student, course, courseEnrollment };
}

async function destroyVersionOf(studentId: number, email: string) {
  const list = await call('GET', `/api/versions?item_type=Student&item_id=${studentId}&event=destroy`, email);
  expect(list.statusCode).toBe(200);
  const [found] = json(list).versions;
  expect(found).toBeDefined();
  return found!.id;
}

describe('restoring a deleted student (POST /api/versions/:id/restore)', () => {
  it('brings back the student and every row that went with it, same ids, in one go, recorded as a version', async () => {
    const { student } = await studentWithHistory();
    const before = await everyRowOf(student.id);
    expect(before.enrollments).toHaveLength(2);

    expect((await call('DELETE', `/api/students/${student.id}`, net.schoolAdminA.email)).statusCode).toBe(204);
    expect(await everyRowOf(student.id)).toMatchObject({ student: [], enrollments: [], notes: [], shares: [] });

    const versionId = await destroyVersionOf(student.id, net.schoolAdminA.email);
    const detail = await call('GET', `/api/versions/${versionId}`, net.schoolAdminA.email);
    expect(detail.json()).toMatchObject({
      event: 'destroy',
      record: 'Rhoda Restorable',
      item_type_label: 'Student',
      can_restore: true,
      record_path: null,
      removed_with: '2 enrollments, 1 lesson, 1 attendance, 1 visit, 1 reminder, 1 decision, 1 note, 1 product delivery, 1 share',
    });

    const restored = await call('POST', `/api/versions/${versionId}/restore`, net.schoolAdminA.email);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ version_id: versionId, record_path: `/students/${student.id}` });
    expect(await everyRowOf(student.id)).toEqual(before);

    const [created] = (await versionsOf(db, 'Student', student.id)).filter((v) => v.event === 'create');
    expect(created).toMatchObject({ whodunnit: net.schoolAdminA.id, schoolId: net.schoolA.id });
    expect((await versionsOf(db, 'Enrollment', before.enrollments[0]!.id)).map((v) => v.event)).toContain('create');

    // Once back, it cannot come back twice; its page opens again.
    const again = await call('POST', `/api/versions/${versionId}/restore`, net.schoolAdminA.email);
    expect(again.statusCode).toBe(422);
    expect(again.body).toBe('This student has been restored already.');
    expect((await call('GET', `/api/versions/${versionId}`, net.schoolAdminA.email)).json().can_restore).toBe(false);
    expect((await call('GET', `/api/students/${student.id}`, net.schoolAdminA.email)).statusCode).toBe(200);
  });

  it('is refused in words when its school was deleted since, and changes nothing', async () => {
    const school = await createSchool(db, { conferenceId: net.schoolA.conferenceId, churchName: 'Closing Church' });
    const student = await createStudent(db, { schoolId: school.id, firstName: 'Orla', lastName: 'Orphan' });
    const response = await call('DELETE', `/api/students/${student.id}`, net.globalAdmin.email);
    expect(response.statusCode).toBe(204);
    await db.delete(schools).where(eq(schools.id, school.id));
    const versionId = await destroyVersionOf(student.id, net.globalAdmin.email);
    const refused = await call('POST', `/api/versions/${versionId}/restore`, net.globalAdmin.email);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toBe('This student cannot be restored: its school has been deleted.');
    expect(await db.select().from(students).where(eq(students.id, student.id))).toEqual([]);
  });

  it('is for those who see the change: to anyone else it is missing (404), and only a deleted student comes back', async () => {
    const student = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Pia', lastName: 'Guarded' });
    await call('DELETE', `/api/students/${student.id}`, net.schoolAdminA.email);
    const versionId = await destroyVersionOf(student.id, net.schoolAdminA.email);
    expect((await call('POST', `/api/versions/${versionId}/restore`, null)).statusCode).toBe(401);
    // The instructor did not make the change: it is not theirs to see.
    expect((await call('POST', `/api/versions/${versionId}/restore`, net.instructorA.email)).statusCode).toBe(404);
    expect((await call('GET', `/api/versions/${versionId}`, net.instructorA.email)).statusCode).toBe(404);
    // An admin of school B does not see school A's changes.
    const adminB = await createUser(db, { roleType: 'school_admin', schoolId: net.schoolB.id });
    const outOfScope = await call('POST', `/api/versions/${versionId}/restore`, adminB.email);
    const missing = await call('POST', '/api/versions/999999999/restore', adminB.email);
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    // A change that deleted no student is not restored.
    await call('PUT', `/api/students/${net.studentA.id}`, net.instructorA.email, studentForm({ city: 'Moved' }));
    const [update] = (await versionsOf(db, 'Student', net.studentA.id)).filter((v) => v.event === 'update');
    const wrong = await call('POST', `/api/versions/${update!.id}/restore`, net.globalAdmin.email);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toBe('Only a deleted student can be restored.');
    expect(await db.select().from(students).where(eq(students.id, student.id))).toEqual([]);
  });
});

describe('the list of changes (GET /api/versions)', () => {
  it('shows a global admin every change, an admin those of their schools and their own, an instructor their own', async () => {
    const a = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Sol', lastName: 'Scoped' });
    const b = await createStudent(db, { schoolId: net.schoolB.id, instructorId: net.instructorB.id, firstName: 'Tam', lastName: 'Scoped' });
    await call('PUT', `/api/students/${a.id}`, net.instructorA.email, studentForm({ first_name: 'Sol', last_name: 'Scoped', city: 'Ames' }));
    await call('PUT', `/api/students/${b.id}`, net.instructorB.email, studentForm({ first_name: 'Tam', last_name: 'Scoped', city: 'Boone' }));
    const ids = async (email: string, query = '') =>
      json(await call('GET', `/api/versions?item_type=Student&per_page=100${query}`, email)).versions.map(
        (v) => (v as unknown as { item_id: number }).item_id,
      );
    expect(await ids(net.globalAdmin.email)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await ids(net.schoolAdminA.email)).toContain(a.id);
    expect(await ids(net.schoolAdminA.email)).not.toContain(b.id);
    expect(await ids(net.conferenceAdminA.email)).toContain(a.id);
    expect(await ids(net.conferenceAdminA.email)).not.toContain(b.id);
    expect(await ids(net.instructorA.email)).toContain(a.id);
    expect(await ids(net.instructorA.email)).not.toContain(b.id);
    expect(await ids(net.otherInstructorA.email)).not.toContain(a.id);
    expect((await call('GET', '/api/versions', null)).statusCode).toBe(401);
  });

  it('is newest first, filtered by record, user, action and dates, and pages by key', async () => {
    const student = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Uma', lastName: 'Paged' });
    for (const city of ['One', 'Two', 'Three']) {
      await call('PUT', `/api/students/${student.id}`, net.instructorA.email, studentForm({ first_name: 'Uma', last_name: 'Paged', city }));
    }
    const base = `/api/versions?item_type=Student&item_id=${student.id}&whodunnit=${net.instructorA.id}&event=update`;
    const all = json(await call('GET', base, net.globalAdmin.email));
    expect(all.versions).toHaveLength(3);
    const listed = all.versions.map((v) => v.id);
    expect(listed).toEqual([...listed].sort((x, y) => y - x));
    expect(all.versions[0]).toMatchObject({ record: 'Uma Paged', event: 'update', fields: ['City'], user: { id: net.instructorA.id } });

    const first = json(await call('GET', `${base}&per_page=2`, net.globalAdmin.email));
    expect(first.versions.map((v) => v.id)).toEqual(listed.slice(0, 2));
    const cursor = (first.pagination as { next_cursor: string }).next_cursor;
    const second = json(await call('GET', `${base}&per_page=2&page=2&after=${cursor}`, net.globalAdmin.email));
    expect(second.versions.map((v) => v.id)).toEqual(listed.slice(2));

    const today = new Date().toISOString().slice(0, 10);
    expect(json(await call('GET', `${base}&from=${today}&to=${today}`, net.globalAdmin.email)).versions).toHaveLength(3);
    expect(json(await call('GET', `${base}&to=2000-01-01`, net.globalAdmin.email)).versions).toHaveLength(0);
    const bad = await call('GET', '/api/versions?event=explode&from=yesterday', net.globalAdmin.email);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['event', 'from']));
  });
});

describe('one change (GET /api/versions/:id) and setting fields back (POST /api/versions/:id/revert)', () => {
  it('tells each field before and after in words, with names instead of ids, and never a secret', async () => {
    const student = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Vera', lastName: 'Worded' });
    const { course } = await createCourse(db, 1);
    await offer(db, course.id, net.schoolA.id);
    const created = await call('POST', '/api/enrollments', net.instructorA.email, {
      student_id: student.id,
      series_id: course.id,
    });
    expect(created.statusCode).toBeLessThan(300);
    const [version] = (await db.select().from(versions).where(eq(versions.itemType, 'Enrollment'))).filter(
      (v) => (v.objectChanges.studentId as unknown[] | undefined)?.[1] === student.id,
    );
    const detail = (await call('GET', `/api/versions/${version!.id}`, net.instructorA.email)).json();
    const change = (label: string) => detail.changes.find((c: { label: string }) => c.label === label);
    expect(detail).toMatchObject({ event: 'create', item_type_label: 'Enrollment' });
    expect(change('Course or seminar')).toMatchObject({ before: '-', after: course.name });
    expect(change('Student')).toMatchObject({ after: 'Vera Worded' });
    expect(change('Started on').after).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(detail.record_path).toMatch(new RegExp(`^/students/${student.id}/courses/enrollments/\\d+$`));

    // A password's hash or a sign-in subject is never shown, whoever asks.
    const admin = { userId: net.globalAdmin.id, scope: { userId: net.globalAdmin.id, all: true, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [] } };
    const user = { id: net.otherInstructorA.id, firstName: 'Olive', lastName: 'Other' };
    await recordVersion(db, admin, {
      itemType: 'User',
      itemId: user.id,
      before: { ...user, passwordHash: 'hash-before', oidcSub: 'subject-1' },
      after: { ...user, passwordHash: 'hash-after', oidcSub: 'subject-2', phone: '555-0100' },
    });
    const [userVersion] = (await versionsOf(db, 'User', user.id)).slice(-1);
    const shown = (await call('GET', `/api/versions/${userVersion!.id}`, net.globalAdmin.email)).json();
    expect(shown.changes).toEqual([{ field: 'phone', label: 'Phone', before: '-', after: '555-0100', revertible: false }]);
    expect(JSON.stringify(shown)).not.toMatch(/hash-|subject-/);
  });

  it('sets chosen fields of a student back, as an edit recorded in its turn', async () => {
    const student = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Wes', lastName: 'Reverted', city: 'Ames' });
    await call('PUT', `/api/students/${student.id}`, net.instructorA.email, studentForm({ first_name: 'Wesley', last_name: 'Reverted', city: 'Boone' }));
    const [update] = (await versionsOf(db, 'Student', student.id)).filter((v) => v.event === 'update');
    const detail = (await call('GET', `/api/versions/${update!.id}`, net.instructorA.email)).json();
    expect(detail.changes).toEqual(
      expect.arrayContaining([
        { field: 'city', label: 'City', before: 'Ames', after: 'Boone', revertible: true },
        { field: 'firstName', label: 'First name', before: 'Wes', after: 'Wesley', revertible: true },
      ]),
    );
    const reverted = await call('POST', `/api/versions/${update!.id}/revert`, net.instructorA.email, { fields: ['city'] });
    expect(reverted.statusCode).toBe(200);
    const [row] = await db.select().from(students).where(eq(students.id, student.id));
    expect(row).toMatchObject({ city: 'Ames', firstName: 'Wesley' });
    const updates = (await versionsOf(db, 'Student', student.id)).filter((v) => v.event === 'update');
    expect(updates).toHaveLength(2);
    expect(updates[1]!.objectChanges.city).toEqual(['Boone', 'Ames']);

    const wrong = await call('POST', `/api/versions/${update!.id}/revert`, net.instructorA.email, { fields: ['schoolId'] });
    expect(wrong.statusCode).toBe(422);
    expect((await call('POST', `/api/versions/${update!.id}/revert`, net.instructorA.email, { fields: [] })).statusCode).toBe(422);
    expect((await call('POST', `/api/versions/${update!.id}/revert`, net.instructorB.email, { fields: ['city'] })).statusCode).toBe(404);
  });
});
