import { messages } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createConference, createSchool, createUser } from './support/factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './support/student-factories.ts';

const tag = () => Math.random().toString(36).slice(2, 8);
const form = (roles: { role_type: string; organization_id: number | null }[], extra: Record<string, unknown> = {}) => ({
  first_name: 'Nina',
  last_name: `Okafor ${tag()}`,
  email: `nina-${tag()}@test.example`,
  phone: '555-0101',
  roles,
  ...extra,
});

describe('POST and PUT /api/users', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  const send = async (method: 'POST' | 'PUT', url: string, email: string, payload: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: await t.headersFor(email) });

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it('creates an instructor of my school with a UserDetail, audited', async () => {
    const body = form([{ role_type: 'instructor', organization_id: net.schoolA.id }]);
    const response = await send('POST', '/api/users', net.schoolAdminA.email, body);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      first_name: 'Nina',
      email: body.email,
      phone: '555-0101',
      admin: false,
      students_count: 0,
      head_of_schools: [],
      welcome_email_sent_at: null,
      permissions: { update: true, destroy: true, welcome_email: true, delete_mfa: true },
    });
    expect(user.roles).toEqual([expect.objectContaining({ role_type: 'instructor', organization_id: net.schoolA.id })]);
    const versions = await t.database.query<{ item_type: string }>(
      `select item_type from versions where whodunnit = $1 and item_type in ('User', 'Role')`,
      [net.schoolAdminA.id],
    );
    expect(versions.map((v) => v.item_type).sort()).toEqual(['Role', 'User']);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: await t.headersFor(net.conferenceAdminA.email),
    });
    expect(detail.statusCode).toBe(200);
    const outside = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: await t.headersFor(net.instructorB.email),
    });
    expect(outside.statusCode).toBe(403);
  });

  it('refuses a taken email whatever its case, in SPEC 8 shape; bad input is a 422 by field', async () => {
    const taken = await send(
      'POST',
      '/api/users',
      net.schoolAdminA.email,
      form([{ role_type: 'instructor', organization_id: net.schoolA.id }], { email: net.instructorA.email.toUpperCase() }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ email: ['has already been taken'] });
    const bad = await send('POST', '/api/users', net.schoolAdminA.email, { first_name: '', email: 'nope', roles: [] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json()).sort()).toEqual(['email', 'first_name', 'last_name']);
    const noRole = await send('POST', '/api/users', net.schoolAdminA.email, form([]));
    expect(noRole.json()).toEqual({ roles: ['must include at least one role'] });
  });

  describe('role-granting limits', () => {
    const refused = async (email: string, roles: { role_type: string; organization_id: number | null }[], extra = {}) => {
      const response = await send('POST', '/api/users', email, form(roles, extra));
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(messages.notAuthorized);
    };
    const granted = async (email: string, roles: { role_type: string; organization_id: number | null }[], extra = {}) => {
      const response = await send('POST', '/api/users', email, form(roles, extra));
      expect(response.statusCode).toBe(201);
      return response.json();
    };

    it('a school admin grants instructor and school admin of their schools, nothing else', async () => {
      const admin = net.schoolAdminA.email;
      await granted(admin, [{ role_type: 'school_admin', organization_id: net.schoolA.id }]);
      await refused(admin, [{ role_type: 'instructor', organization_id: net.schoolB.id }]);
      await refused(admin, [{ role_type: 'instructor', organization_id: 999_999 }]);
      await refused(admin, [{ role_type: 'conference_admin', organization_id: net.conferenceA.id }]);
      await refused(admin, [{ role_type: 'global_admin', organization_id: null }]);
      await refused(admin, [{ role_type: 'instructor', organization_id: net.schoolA.id }], { admin: true });
    });

    it("a conference admin grants up to conference admin of their conferences and their schools' roles", async () => {
      const admin = net.conferenceAdminA.email;
      const sibling = await createSchool(t.database.db, { conferenceId: net.conferenceA.id });
      await granted(admin, [
        { role_type: 'conference_admin', organization_id: net.conferenceA.id },
        { role_type: 'school_admin', organization_id: sibling.id },
      ]);
      await refused(admin, [{ role_type: 'conference_admin', organization_id: net.conferenceB.id }]);
      await refused(admin, [{ role_type: 'instructor', organization_id: net.schoolB.id }]);
      await refused(admin, [{ role_type: 'global_admin', organization_id: null }]);
    });

    it('a global admin grants any role and the admin flag; a missing organisation is a 422', async () => {
      const admin = net.globalAdmin.email;
      const conference = await createConference(t.database.db);
      const user = await granted(admin, [{ role_type: 'global_admin', organization_id: null }], { admin: true });
      expect(user.admin).toBe(true);
      await granted(admin, [{ role_type: 'conference_admin', organization_id: conference.id }]);
      const missing = await send('POST', '/api/users', admin, form([{ role_type: 'instructor', organization_id: 999_999 }]));
      expect(missing.json()).toEqual({ roles: ['name a school that does not exist'] });
      const shape = await send('POST', '/api/users', admin, form([{ role_type: 'global_admin', organization_id: 5 }]));
      expect(shape.statusCode).toBe(422);
    });

    it('editing: adding or removing a role the editor may not grant is refused; roles kept stay', async () => {
      const both = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
      await t.database.query(`insert into roles (user_id, role_type, school_id) values ($1, 'instructor', $2)`, [
        both.id,
        net.schoolB.id,
      ]);
      const a = { role_type: 'instructor', organization_id: net.schoolA.id };
      const b = { role_type: 'instructor', organization_id: net.schoolB.id };
      const put = (roles: unknown[], extra = {}) =>
        send('PUT', `/api/users/${both.id}`, net.schoolAdminA.email, { roles, ...extra });
      expect((await put([a])).statusCode).toBe(403);
      const kept = await put([a, b, { role_type: 'school_admin', organization_id: net.schoolA.id }], { phone: '1' });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().roles).toHaveLength(3);
      expect(kept.json().permissions.destroy).toBe(false);
      expect((await put([b, { role_type: 'school_admin', organization_id: net.schoolA.id }])).statusCode).toBe(200);
      expect((await put([b, a], { admin: true })).statusCode).toBe(403);
    });
  });

  it('PUT changes the fields sent and keeps the others; 404 out of scope; instructors 403', async () => {
    const user = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
    const response = await send('PUT', `/api/users/${user.id}`, net.schoolAdminA.email, { first_name: 'Renamed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Renamed', last_name: user.lastName, email: user.email });
    expect((await send('PUT', `/api/users/${net.instructorB.id}`, net.schoolAdminA.email, { phone: '1' })).statusCode).toBe(
      404,
    );
    expect((await send('PUT', `/api/users/${user.id}`, net.instructorA.email, { phone: '1' })).statusCode).toBe(403);
    const taken = await send('PUT', `/api/users/${user.id}`, net.schoolAdminA.email, { email: net.otherInstructorA.email });
    expect(taken.json()).toEqual({ email: ['has already been taken'] });
  });

  it('a global admin is edited by global admins only', async () => {
    const response = await send('PUT', `/api/users/${net.globalAdmin.id}`, net.schoolAdminA.email, { phone: '1' });
    expect(response.statusCode).toBe(404);
    const inSchool = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id }, { admin: true });
    expect((await send('PUT', `/api/users/${inSchool.id}`, net.schoolAdminA.email, { phone: '1' })).statusCode).toBe(403);
  });

  it('simple_list filters by school and role type within scope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/simple_list?school_id=${net.schoolA.id}&role_type=school_admin`,
      headers: await t.headersFor(net.conferenceAdminA.email),
    });
    expect(response.statusCode).toBe(200);
    const ids = (response.json().users as { id: number }[]).map((u) => u.id);
    expect(ids).toContain(net.schoolAdminA.id);
    expect(ids).not.toContain(net.instructorA.id);
    const outside = await t.app.inject({
      method: 'GET',
      url: `/api/users/simple_list?school_id=${net.schoolB.id}`,
      headers: await t.headersFor(net.schoolAdminA.email),
    });
    // Only those who also hold a role in school A: instructorB of school B is not among them.
    expect((outside.json().users as { id: number }[]).map((u) => u.id)).not.toContain(net.instructorB.id);
  });
});
