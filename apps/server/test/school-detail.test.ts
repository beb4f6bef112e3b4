import { messages } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createUser, offer } from './support/factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './support/student-factories.ts';

describe('one school, and the school picker for every role', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  let noRole: { email: string };
  const get = async (url: string, email: string | null) =>
    t.app.inject({ method: 'GET', url, headers: email ? await t.headersFor(email) : {} });

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
    noRole = await createUser(t.database.db, null);
  });
  afterAll(async () => t.close());

  describe('GET /api/schools/:id', () => {
    it('answers 401 signed out, 403 without a role, 404 out of scope like a missing one, 422 on a bad id', async () => {
      expect((await get(`/api/schools/${net.schoolA.id}`, null)).statusCode).toBe(401);
      const forbidden = await get(`/api/schools/${net.schoolA.id}`, noRole.email);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error).toBe(messages.notAuthorized);
      const outOfScope = await get(`/api/schools/${net.schoolB.id}`, net.instructorA.email);
      const missing = await get('/api/schools/999999999', net.instructorA.email);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      expect((await get('/api/schools/abc', net.instructorA.email)).statusCode).toBe(422);
    });

    it("gives an instructor their school with its head school admin and courses", async () => {
      const { course } = await createCourse(t.database.db, 1, { name: 'Daniel Unlocked' });
      await offer(t.database.db, course.id, net.schoolA.id);
      const response = await get(`/api/schools/${net.schoolA.id}`, net.instructorA.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: net.schoolA.id,
        school_code: net.schoolA.schoolCode,
        church_name: 'Alpha Church',
        active: true,
        conference: { id: net.conferenceA.id },
        school_city: 'Springfield',
        head_school_admin_id: net.schoolAdminA.id,
        head_school_admin: true,
        courses: [{ id: course.id, name: 'Daniel Unlocked' }],
        students_count: 2,
      });
    });

    it('tells that a school has no head school admin', async () => {
      const response = await get(`/api/schools/${net.schoolB.id}`, net.globalAdmin.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: net.schoolB.id, head_school_admin_id: null, head_school_admin: false });
    });
  });

  describe('GET /api/schools/simple_list', () => {
    const ids = async (email: string) => {
      const response = await get('/api/schools/simple_list', email);
      expect(response.statusCode).toBe(200);
      return (response.json().schools as { id: number }[]).map((school) => school.id);
    };

    it('answers 401 signed out and 403 without a role', async () => {
      expect((await get('/api/schools/simple_list', null)).statusCode).toBe(401);
      expect((await get('/api/schools/simple_list', noRole.email)).statusCode).toBe(403);
    });

    it("gives instructors only their own schools", async () => {
      expect(await ids(net.instructorA.email)).toEqual([net.schoolA.id]);
      expect(await ids(net.instructorB.email)).toEqual([net.schoolB.id]);
      await t.database.db
        .insert(roles)
        .values({ userId: net.instructorB.id, roleType: 'instructor', schoolId: net.schoolA.id });
      expect((await ids(net.instructorB.email)).sort()).toEqual([net.schoolA.id, net.schoolB.id].sort());
      const [option] = (await get('/api/schools/simple_list', net.instructorA.email)).json().schools;
      expect(option).toMatchObject({ church_name: 'Alpha Church', head_school_admin: true });
    });
  });
});
