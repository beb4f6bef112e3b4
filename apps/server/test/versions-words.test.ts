import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordVersion } from '../src/core/audit.ts';
import type { Db } from '../src/db/client.ts';
import { students } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { versionsOf } from './support/enrollment-factories.ts';
import { createCourse, createStudent, offer, share } from './support/factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './support/student-factories.ts';

/**
 * Issue 25: a change reads in a person's words. A note, a visit, a lesson is named by its student
 * and enrollment, people by their names, and nothing of the machine's own is shown; a student is
 * named only to those who see them.
 */
let t: TestContext;
let net: StaffedNetwork;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  net = await createStaffedNetwork(db);
});
afterAll(async () => t.close());

async function call(method: 'GET' | 'PUT' | 'DELETE', url: string, email: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: await t.headersFor(email) });
}
type Summary = { id: number; item_id: number; record: string; fields: string[]; user: { first_name: string } | null };
const listed = (response: LightMyRequestResponse) => (response.json() as { versions: Summary[] }).versions;
const userName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

/** A student of school A with a Discover enrollment, a visit and a note on it written through the API. */
async function studentWithVisit(firstName: string, lastName: string) {
  const student = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName, lastName });
  const { course } = await createCourse(db, 1, { name: `Discover ${lastName}` });
  await offer(db, course.id, net.schoolA.id);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/enrollments',
    payload: { student_id: student.id, series_id: course.id },
    headers: await t.headersFor(net.instructorA.email),
  });
  expect(created.statusCode).toBeLessThan(300);
  const enrollment = created.json() as { id: number };
  const saved = await call('PUT', `/api/enrollments/${enrollment.id}`, net.instructorA.email, {
    visits_attributes: [{ date: '2026-02-01', notes_attributes: [{ type: 'Note', text: 'Asked for a Bible' }] }],
  });
  expect(saved.statusCode).toBe(200);
  return { student, course, enrollment };
}

describe('the list and a change name the record as a person would (issue 25)', () => {
  it('names a note and a visit by their student and enrollment, never as "Note #431"', async () => {
    const { student, course } = await studentWithVisit('Ann', 'Smith');
    const enrollmentWords = `Ann Smith's ${course.name} enrollment`;
    for (const [type, words] of [
      ['Note', `Note on ${enrollmentWords}`],
      ['Visit', `Visit on ${enrollmentWords}`],
    ] as const) {
      const [version] = listed(await call('GET', `/api/versions?item_type=${type}`, net.instructorA.email)).filter((v) =>
        v.record.includes('Smith'),
      );
      expect(version, type).toMatchObject({ record: words, user: { first_name: net.instructorA.firstName } });
      const detail = (await call('GET', `/api/versions/${version!.id}`, net.instructorA.email)).json();
      expect(detail.record).toBe(words);
      expect(JSON.stringify(detail)).not.toMatch(/#\d/);
      if (type === 'Note') {
        // The visit the note hangs on and its author in words, not their ids.
        const change = (label: string) => detail.changes.find((c: { label: string }) => c.label === label);
        expect(change('Visit').after).toBe('Visit on 02/01/2026');
        expect(change('Author').after).toBe(userName(net.instructorA));
        expect(detail.changes.map((c: { label: string }) => c.label)).not.toContain('Cached enrollment');
      }
    }
    // The student's own history is still named by the student.
    const own = listed(await call('GET', `/api/versions?item_type=Student&item_id=${student.id}`, net.globalAdmin.email));
    expect(own.every((v) => v.record === 'Ann Smith')).toBe(true);
  });

  it('leaves out request keys, caches and ids, and says who and which option in words', async () => {
    const student = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Rex', lastName: 'Keyed' });
    const actor = { userId: net.instructorA.id, scope: { userId: net.instructorA.id, all: false, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [net.schoolA.id] } };
    const row = { id: student.id, firstName: 'Rex', lastName: 'Keyed', schoolId: net.schoolA.id, instructorId: net.instructorA.id };
    // As the app records a create with a request key, and an update that touched the machine's columns too.
    await recordVersion(db, actor, {
      itemType: 'Student',
      itemId: student.id,
      before: null,
      after: { ...row, requestKey: 'k-7f3a', createdById: net.instructorA.id, includeInMailingList: 'if_address_valid', profilePictureUploadId: 9 },
    });
    await recordVersion(db, actor, {
      itemType: 'Student',
      itemId: student.id,
      before: { ...row, city: 'Ames', requestKey: 'k-7f3a', cachedStudentCount: 1, includeInMailingList: 'if_address_valid' },
      after: { ...row, city: 'Boone', requestKey: 'k-9b1c', cachedStudentCount: 2, includeInMailingList: 'never' },
    });
    const [created, updated] = (await versionsOf(db, 'Student', student.id)).slice(-2);
    const detail = (await call('GET', `/api/versions/${created!.id}`, net.instructorA.email)).json();
    const labels = detail.changes.map((c: { label: string }) => c.label);
    expect(labels).not.toContain('Request key');
    expect(labels).not.toContain('Profile picture upload');
    expect(detail.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Created by', after: userName(net.instructorA) }),
        expect.objectContaining({ label: 'Include in mailing list', after: 'If the address is valid' }),
      ]),
    );
    const text = JSON.stringify(detail);
    expect(text).not.toMatch(/k-7f3a|if_address_valid/);
    expect(text).not.toContain(`"${net.instructorA.id}"`);

    const [line] = listed(await call('GET', `/api/versions?item_type=Student&item_id=${student.id}&event=update`, net.instructorA.email));
    expect(line!.id).toBe(updated!.id);
    expect(line!.fields).toEqual(['City', 'Include in mailing list']);
    const change = (await call('GET', `/api/versions/${updated!.id}`, net.instructorA.email)).json();
    expect(change.changes.find((c: { field: string }) => c.field === 'includeInMailingList')).toMatchObject({
      before: 'If the address is valid',
      after: 'Never',
    });
  });

  it('names a student only to those who see them: a student moved out of reach is not named', async () => {
    const { student, course } = await studentWithVisit('Mia', 'Moved');
    const noteOf = async (email: string) =>
      listed(await call('GET', `/api/versions?item_type=Note&whodunnit=${net.instructorA.id}&per_page=100`, email)).find((v) =>
        v.record.includes(course.name),
      );
    expect((await noteOf(net.instructorA.email))!.record).toBe(`Note on Mia Moved's ${course.name} enrollment`);
    // The student goes to school B with its instructor: instructor A's own change stays theirs to
    // read, without the name of a student they no longer see.
    await db.update(students).set({ schoolId: net.schoolB.id, instructorId: net.instructorB.id }).where(eq(students.id, student.id));
    expect((await noteOf(net.instructorA.email))!.record).toBe(`Note on an enrollment in ${course.name}`);
    const detail = (await call('GET', `/api/versions/${(await noteOf(net.instructorA.email))!.id}`, net.instructorA.email)).json();
    expect(JSON.stringify(detail)).not.toContain('Mia');
    expect(detail.changes.find((c: { label: string }) => c.label === 'Student').after).toBe('Not available');
    // Shared with them again, they see the name again; the network sees it all along.
    await share(db, student.id, net.instructorA.id);
    expect((await noteOf(net.instructorA.email))!.record).toBe(`Note on Mia Moved's ${course.name} enrollment`);
    expect((await noteOf(net.globalAdmin.email))!.record).toBe(`Note on Mia Moved's ${course.name} enrollment`);
  });

  it("a student's own change is named by the same rule: moved out of reach, 'A student'", async () => {
    const student = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Sol', lastName: 'Away' });
    const renamed = await call('PUT', `/api/students/${student.id}`, net.instructorA.email, { first_name: 'Solana' });
    expect(renamed.statusCode).toBe(200);
    const own = async () =>
      listed(await call('GET', `/api/versions?item_type=Student&item_id=${student.id}&whodunnit=${net.instructorA.id}`, net.instructorA.email))[0]!;
    expect((await own()).record).toBe('Sol Away');
    await db.update(students).set({ schoolId: net.schoolB.id, instructorId: net.instructorB.id }).where(eq(students.id, student.id));
    expect((await own()).record).toBe('A student');
  });

  it("a school's head school admin changed is in its history, by name", async () => {
    const actor = { userId: net.globalAdmin.id, scope: { userId: net.globalAdmin.id, all: true, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [] } };
    const row = { id: net.schoolA.id, churchName: 'Riverside', schoolCode: '101' };
    await recordVersion(db, actor, {
      itemType: 'School',
      itemId: net.schoolA.id,
      before: { ...row, headSchoolAdminId: null },
      after: { ...row, headSchoolAdminId: net.schoolAdminA.id },
    });
    const versions = listed(await call('GET', `/api/versions?item_type=School&item_id=${net.schoolA.id}`, net.globalAdmin.email));
    expect(versions[0]!.fields).toContain('Head school admin');
  });

  it('names the student of a deleted enrollment from what its deletion kept, for those who saw them', async () => {
    const { student, course } = await studentWithVisit('Dot', 'Deleted');
    expect((await call('DELETE', `/api/students/${student.id}`, net.schoolAdminA.email)).statusCode).toBe(204);
    const visits = listed(await call('GET', `/api/versions?item_type=Visit&per_page=100`, net.schoolAdminA.email));
    expect(visits.map((v) => v.record)).toContain(`Visit on Dot Deleted's ${course.name} enrollment`);
    const [destroy] = listed(await call('GET', `/api/versions?item_type=Student&item_id=${student.id}&event=destroy`, net.schoolAdminA.email));
    expect(destroy!.record).toBe('Dot Deleted');
  });
});
