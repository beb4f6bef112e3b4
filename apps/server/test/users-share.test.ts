import { messages } from '@srs/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createSchool, createUser } from './support/factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './support/student-factories.ts';

describe('GET /api/users/share', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  let noRole: { id: number; email: string };
  const get = async (email: string | null, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/users/share${query}`, headers: email ? await t.headersFor(email) : {} });
  const ids = async (email: string, query = '') => {
    const response = await get(email, query);
    expect(response.statusCode).toBe(200);
    return (response.json().users as { id: number }[]).map((user) => user.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
    noRole = await createUser(t.database.db, null);
  });
  afterAll(async () => t.close());

  it('answers 401 signed out, 403 without a role, 422 on bad input', async () => {
    expect((await get(null)).statusCode).toBe(401);
    const forbidden = await get(noRole.email);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe(messages.notAuthorized);
    const tooLong = await get(net.instructorA.email, `?query=${'a'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json())).toEqual(['query']);
  });

  it("lists the other active staff of my schools, by last and first name, with their roles", async () => {
    const response = await get(net.instructorA.email);
    const listed = response.json().users as { id: number; last_name: string; roles: { organization_id: number }[] }[];
    const expected = [net.schoolAdminA, net.otherInstructorA].sort((a, b) => a.lastName.localeCompare(b.lastName));
    expect(listed.map((user) => user.id)).toEqual(expected.map((user) => user.id));
    expect(listed[0]).toEqual({
      id: expected[0]!.id,
      first_name: expected[0]!.firstName,
      last_name: expected[0]!.lastName,
      email: expected[0]!.email,
      roles: [expect.objectContaining({ organization_id: net.schoolA.id })],
    });
    expect(await ids(net.instructorB.email)).toEqual([]);
  });

  it('leaves out inactive users; a conference admin reaches the staff of the schools of their conferences', async () => {
    const inactive = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, inactive.id));
    const listed = await ids(net.conferenceAdminA.email);
    expect(listed).not.toContain(inactive.id);
    expect(listed.sort()).toEqual([net.schoolAdminA.id, net.instructorA.id, net.otherInstructorA.id].sort());
    const secondSchool = await createSchool(t.database.db, { conferenceId: net.conferenceA.id });
    const newcomer = await createUser(t.database.db, { roleType: 'instructor', schoolId: secondSchool.id });
    expect(await ids(net.conferenceAdminA.email)).toContain(newcomer.id);
    expect(await ids(net.schoolAdminA.email)).not.toContain(newcomer.id);
  });

  it('gives global admins every active user with a role, and searches name and email', async () => {
    const global = await ids(net.globalAdmin.email, `?query=${encodeURIComponent(net.instructorB.lastName)}`);
    expect(global).toEqual([net.instructorB.id]);
    expect(await ids(net.globalAdmin.email, `?query=${encodeURIComponent(noRole.email)}`)).toEqual([]);
    expect(await ids(net.instructorA.email, `?query=${encodeURIComponent(net.otherInstructorA.email)}`)).toEqual([
      net.otherInstructorA.id,
    ]);
    expect(await ids(net.instructorA.email, `?query=${encodeURIComponent(net.instructorA.email)}`)).toEqual([]);
    expect((await get(net.globalAdmin.email)).json().users.length).toBeLessThanOrEqual(100);
  });
});
