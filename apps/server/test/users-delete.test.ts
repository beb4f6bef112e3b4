import { messages } from '@srs/shared/messages';
import { revivalMessage } from '../src/modules/users/users.service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, createUser, enroll, offer } from './support/factories.ts';
import { createStaffedNetwork, setHeadSchoolAdmin, type StaffedNetwork } from './support/student-factories.ts';

describe('DELETE /api/users/{id}, delete_mfa, and the students and courses tabs', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  const call = async (method: 'GET' | 'DELETE', url: string, email: string) =>
    t.app.inject({ method, url, headers: await t.headersFor(email) });

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it("hands the user's students to the head school admin, keeps the history, and their token stops at once", async () => {
    const leaving = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
    const student = await createStudent(t.database.db, { schoolId: net.schoolA.id, instructorId: leaving.id });
    const token = await t.headersFor(leaving.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/students', headers: token })).statusCode).toBe(200);
    await t.database.query(`insert into versions (item_type, item_id, event, whodunnit, object_changes)
      values ('Student', $1, 'update', $2, '{}')`, [student.id, leaving.id]);

    const response = await call('DELETE', `/api/users/${leaving.id}`, net.schoolAdminA.email);
    expect(response.statusCode).toBe(204);
    const [moved] = await t.database.query<{ instructor_id: number }>('select instructor_id from students where id = $1', [
      student.id,
    ]);
    expect(moved!.instructor_id).toBe(net.schoolAdminA.id);
    const after = await t.app.inject({ method: 'GET', url: '/api/students', headers: token });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(messages.nilUser);
    // The versions still name them: the account is kept, deactivated, with its name.
    const history = await t.database.query<{ first_name: string }>(
      `select u.first_name from versions v join users u on u.id = v.whodunnit where v.whodunnit = $1`,
      [leaving.id],
    );
    expect(history.length).toBeGreaterThan(0);
    const audited = await t.database.query<{ item_type: string }>(
      `select distinct item_type from versions where whodunnit = $1 order by item_type`,
      [net.schoolAdminA.id],
    );
    expect(audited.map((v) => v.item_type)).toEqual(expect.arrayContaining(['Role', 'Student', 'User']));
    expect((await call('GET', `/api/users/${leaving.id}`, net.schoolAdminA.email)).statusCode).toBe(404);
  });

  it('refuses to delete a head school admin, naming the school; a headless school blocks handing over', async () => {
    const response = await call('DELETE', `/api/users/${net.schoolAdminA.id}`, net.conferenceAdminA.email);
    expect(response.statusCode).toBe(422);
    expect(response.body).toBe(
      `This user is the head school admin of (#${net.schoolA.schoolCode}) ${net.schoolA.churchName}. Choose another head school admin for that school first.`,
    );
    await setHeadSchoolAdmin(t.database.db, net.schoolB.id, null);
    const instructorB = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolB.id });
    await createStudent(t.database.db, { schoolId: net.schoolB.id, instructorId: instructorB.id });
    const headless = await call('DELETE', `/api/users/${instructorB.id}`, net.globalAdmin.email);
    expect(headless.statusCode).toBe(422);
    expect(headless.body).toContain(net.schoolB.churchName);
  });

  it('who may delete: not instructors (403), not out of scope (404), not a user with roles beyond mine, not myself', async () => {
    const user = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
    expect((await call('DELETE', `/api/users/${user.id}`, net.instructorA.email)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${net.instructorB.id}`, net.schoolAdminA.email)).statusCode).toBe(404);
    await t.database.query(`insert into roles (user_id, role_type, school_id) values ($1, 'instructor', $2)`, [
      user.id,
      net.schoolB.id,
    ]);
    expect((await call('DELETE', `/api/users/${user.id}`, net.schoolAdminA.email)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${net.globalAdmin.id}`, net.globalAdmin.email)).statusCode).toBe(403);
  });

  it('a deleted email can be given again: the account comes back with new roles and no password', async () => {
    const gone = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id }, {
      passwordHash: 'scrypt$old',
    });
    expect((await call('DELETE', `/api/users/${gone.id}`, net.schoolAdminA.email)).statusCode).toBe(204);
    const again = async (by: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: await t.headersFor(by),
        payload: {
          first_name: 'Back',
          last_name: 'Again',
          email: gone.email,
          roles: [{ role_type: 'instructor', organization_id: net.schoolA.id }],
        },
      });
    // It had a password: bringing it back is a reset of it, a global admin's (issue 24).
    const refused = await again(net.schoolAdminA.email);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ email: [revivalMessage] });
    const back = await again(net.globalAdmin.email);
    expect(back.statusCode).toBe(201);
    expect(back.json().id).toBe(gone.id);
    const [row] = await t.database.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [
      gone.id,
    ]);
    expect(row!.password_hash).toBeNull();
    // One that never had a password comes back for the admin who could create it.
    const never = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
    expect((await call('DELETE', `/api/users/${never.id}`, net.schoolAdminA.email)).statusCode).toBe(204);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: await t.headersFor(net.schoolAdminA.email),
      payload: { first_name: 'New', last_name: 'Start', email: never.email, roles: [{ role_type: 'instructor', organization_id: net.schoolA.id }] },
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('delete_mfa clears the second factor for admins in scope, records it and tells the user by email', async () => {
    const user = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
    await t.database.query(
      `update users set mfa_secret = 'JBSWY3DPEHPK3PXP', mfa_enabled_at = now(), mfa_recovery_hashes = '{abc}' where id = $1`,
      [user.id],
    );
    expect((await call('DELETE', `/api/users/${user.id}/delete_mfa`, net.schoolAdminA.email)).statusCode).toBe(204);
    const [row] = await t.database.query<{ mfa_secret: string | null; mfa_enabled_at: string | null; mfa_recovery_hashes: string[] }>(
      'select mfa_secret, mfa_enabled_at, mfa_recovery_hashes from users where id = $1',
      [user.id],
    );
    expect(row).toEqual({ mfa_secret: null, mfa_enabled_at: null, mfa_recovery_hashes: [] });
    const versions = await t.database.query<{ object_changes: Record<string, unknown>; whodunnit: number }>(
      `select object_changes, whodunnit from versions where item_type = 'User' and item_id = $1`,
      [user.id],
    );
    // The versions say that it was turned off and by whom, never the secret.
    expect(versions).toHaveLength(1);
    expect(Object.keys(versions[0]!.object_changes)).toEqual(['mfaEnabledAt']);
    expect(versions[0]!.whodunnit).toBe(net.schoolAdminA.id);
    const mail = await t.database.query<{ subject: string; kind: string }>(
      'select subject, kind from mail_outbox where lower("to") = lower($1)',
      [user.email],
    );
    expect(mail).toEqual([{ subject: 'Your second factor was turned off', kind: 'mfa_cleared' }]);
    // Already off: nothing to record, no mail.
    expect((await call('DELETE', `/api/users/${user.id}/delete_mfa`, net.schoolAdminA.email)).statusCode).toBe(204);
    expect(await t.database.query('select 1 from mail_outbox where lower("to") = lower($1)', [user.email])).toHaveLength(1);
    expect((await call('DELETE', `/api/users/${user.id}/delete_mfa`, net.instructorA.email)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${net.instructorB.id}/delete_mfa`, net.schoolAdminA.email)).statusCode).toBe(
      404,
    );
  });

  it("lists the user's students (searchable, paginated) and their courses with counts by status", async () => {
    const teacher = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
    const { course } = await createCourse(t.database.db, 2, { name: 'Gospel Basics' });
    await offer(t.database.db, course.id, net.schoolA.id);
    for (const [name, status] of [
      ['Amos', 'Enrolled'],
      ['Bela', 'Graduated'],
      ['Cora', 'Enrolled'],
    ] as const) {
      const student = await createStudent(t.database.db, {
        schoolId: net.schoolA.id,
        instructorId: teacher.id,
        firstName: name,
        lastName: 'Tabtest',
      });
      await enroll(t.database.db, student.id, course.id, { status });
    }
    const page = await call('GET', `/api/users/${teacher.id}/students?per_page=2&query=tabtest`, net.schoolAdminA.email);
    expect(page.statusCode).toBe(200);
    expect(page.json().pagination.total_count).toBe(3);
    expect(page.json().students).toHaveLength(2);
    const search = await call('GET', `/api/users/${teacher.id}/students?query=bela`, net.schoolAdminA.email);
    expect(search.json().students.map((s: { first_name: string }) => s.first_name)).toEqual(['Bela']);
    const courses = await call('GET', `/api/users/${teacher.id}/courses`, net.schoolAdminA.email);
    expect(courses.json().courses).toEqual([
      {
        id: course.id,
        name: 'Gospel Basics',
        type: 'Course',
        students_count: 3,
        status_counts: { Applied: 0, Enrolled: 2, Attended: 0, Graduated: 1, Inactive: 0 },
      },
    ]);
    expect((await call('GET', `/api/users/${teacher.id}/students`, net.instructorB.email)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${teacher.id}/courses`, net.globalAdmin.email)).statusCode).toBe(200);
  });
});
