import { unknownField as unknownFieldMessage } from '@srs/shared/common';
import { messages } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createSchool, createStudent, createUser } from './support/factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './support/student-factories.ts';

describe('school writes: create, edit, head school admin, delete', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, email: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.headersFor(email), ...(payload ? { payload } : {}) });
  const versionsOf = async (itemType: string, itemId: number) =>
    t.database.query<{ event: string; whodunnit: number }>(
      'select event, whodunnit from versions where item_type = $1 and item_id = $2 order by id',
      [itemType, itemId],
    );

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it('GET /api/conferences: their own conferences for admins, all for global admins, none for instructors', async () => {
    const names = async (email: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/conferences', headers: await t.headersFor(email) }))
        .json()
        .conferences.map((c: { id: number }) => c.id);
    expect(await names(net.conferenceAdminA.email)).toEqual([net.conferenceA.id]);
    expect(await names(net.schoolAdminA.email)).toEqual([net.conferenceA.id]);
    expect(await names(net.globalAdmin.email)).toEqual(expect.arrayContaining([net.conferenceA.id, net.conferenceB.id]));
    const instructor = await t.app.inject({ method: 'GET', url: '/api/conferences', headers: await t.headersFor(net.instructorA.email) });
    expect(instructor.statusCode).toBe(403);
  });

  describe('POST /api/schools', () => {
    const body = (code: string) => ({
      school_code: code,
      church_name: 'Gamma Church',
      conference_id: net.conferenceA.id,
      school_city: 'Peoria',
      church_city: 'Peoria',
    });

    it('creates a school for a global admin (201), audited, with empty permissions of a new school', async () => {
      const response = await send('POST', '/api/schools', net.globalAdmin.email, body('G-501'));
      expect(response.statusCode).toBe(201);
      const school = response.json();
      expect(school).toMatchObject({
        school_code: 'G-501',
        church_name: 'Gamma Church',
        active: true,
        conference: { id: net.conferenceA.id },
        school_city: 'Peoria',
        head_school_admin: false,
        head_school_admin_user: null,
        claimed_zips: [],
        students_count: 0,
        permissions: { update: true, update_code_and_conference: true, destroy: true, claim_zips: true },
      });
      expect(await versionsOf('School', school.id)).toEqual([{ event: 'create', whodunnit: net.globalAdmin.id }]);
    });

    it('refuses everyone else with 403 and a taken code or missing fields with 422', async () => {
      for (const who of [net.conferenceAdminA, net.schoolAdminA, net.instructorA]) {
        const refused = await send('POST', '/api/schools', who.email, body('G-502'));
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe(messages.notAuthorized);
      }
      const taken = await send('POST', '/api/schools', net.globalAdmin.email, body(net.schoolA.schoolCode));
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toEqual({ school_code: ['has already been taken'] });
      const missing = await send('POST', '/api/schools', net.globalAdmin.email, { school_code: ' ' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toMatchObject({
        school_code: [messages.fieldRequired],
        church_name: [messages.fieldRequired],
        conference_id: [messages.fieldRequired],
      });
      const noConference = await send('POST', '/api/schools', net.globalAdmin.email, {
        ...body('G-503'),
        conference_id: 999_999,
      });
      expect(noConference.json()).toEqual({ conference_id: ['is not valid'] });
    });
  });

  describe('PUT /api/schools/:id', () => {
    it('lets the school admin and the conference admin edit the details, keeping what they do not send', async () => {
      const bySchoolAdmin = await send('PUT', `/api/schools/${net.schoolA.id}`, net.schoolAdminA.email, {
        church_address: '5 Elm St',
      });
      expect(bySchoolAdmin.statusCode).toBe(200);
      expect(bySchoolAdmin.json()).toMatchObject({ church_address: '5 Elm St', school_city: 'Springfield' });
      expect(bySchoolAdmin.json().permissions).toMatchObject({
        update: true,
        update_code_and_conference: false,
        destroy: false,
        claim_zips: true,
        offer_series: true,
      });
      const byConferenceAdmin = await send('PUT', `/api/schools/${net.schoolA.id}`, net.conferenceAdminA.email, {
        active: false,
        school_code: net.schoolA.schoolCode,
      });
      expect(byConferenceAdmin.statusCode).toBe(200);
      expect(byConferenceAdmin.json()).toMatchObject({ active: false, church_address: '5 Elm St' });
      await send('PUT', `/api/schools/${net.schoolA.id}`, net.conferenceAdminA.email, { active: true });
      const events = await versionsOf('School', net.schoolA.id);
      expect(events.map((v) => v.whodunnit)).toEqual([net.schoolAdminA.id, net.conferenceAdminA.id, net.conferenceAdminA.id]);
    });

    it('refuses a changed code or conference to anyone but a global admin (403), and out of scope is 404', async () => {
      for (const change of [{ school_code: 'NEW-1' }, { conference_id: net.conferenceB.id }]) {
        const refused = await send('PUT', `/api/schools/${net.schoolA.id}`, net.conferenceAdminA.email, change);
        expect(refused.statusCode).toBe(403);
      }
      const byGlobal = await send('PUT', `/api/schools/${net.schoolB.id}`, net.globalAdmin.email, { school_code: 'B-NEW' });
      expect(byGlobal.json()).toMatchObject({ school_code: 'B-NEW' });
      const taken = await send('PUT', `/api/schools/${net.schoolB.id}`, net.globalAdmin.email, {
        school_code: net.schoolA.schoolCode,
      });
      expect(taken.json()).toEqual({ school_code: ['has already been taken'] });
      const outOfScope = await send('PUT', `/api/schools/${net.schoolB.id}`, net.conferenceAdminA.email, { active: false });
      expect(outOfScope.statusCode).toBe(404);
      const instructor = await send('PUT', `/api/schools/${net.schoolA.id}`, net.instructorA.email, { active: false });
      expect(instructor.statusCode).toBe(403);
      const unknownField = await send('PUT', `/api/schools/${net.schoolA.id}`, net.schoolAdminA.email, { id: 5 });
      expect(unknownField.statusCode).toBe(422);
      // Fields named like an object's own machinery are fields like any other (the route fuzzer's 500s).
      // (A JSON body with `__proto__` is refused 400 by the body parser before any of this.)
      for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
        const body = JSON.parse(`{"active": true, "${name}": 1}`) as Record<string, unknown>;
        const odd = await send('PUT', `/api/schools/${net.schoolA.id}`, net.schoolAdminA.email, body);
        expect(odd.statusCode).toBe(422);
        expect(JSON.parse(odd.body)).toEqual(JSON.parse(`{"${name}": ["${unknownFieldMessage}"]}`));
      }
    });

    it('chooses the head school admin among its school admins in one action', async () => {
      const second = await createUser(t.database.db, { roleType: 'school_admin', schoolId: net.schoolA.id });
      const chosen = await send('PUT', `/api/schools/${net.schoolA.id}`, net.conferenceAdminA.email, {
        head_school_admin_id: second.id,
      });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json()).toMatchObject({
        head_school_admin_id: second.id,
        head_school_admin: true,
        head_school_admin_user: { id: second.id, first_name: second.firstName, last_name: second.lastName },
      });
      const notAdmin = await send('PUT', `/api/schools/${net.schoolA.id}`, net.conferenceAdminA.email, {
        head_school_admin_id: net.instructorA.id,
      });
      expect(notAdmin.statusCode).toBe(422);
      expect(notAdmin.json()).toEqual({ head_school_admin_id: ['must be a school admin of this school'] });
      await send('PUT', `/api/schools/${net.schoolA.id}`, net.conferenceAdminA.email, {
        head_school_admin_id: net.schoolAdminA.id,
      });
    });
  });

  describe('DELETE /api/schools/:id', () => {
    it('refuses a school with students with a 422 that counts them, and deletes an empty one (global admins)', async () => {
      const full = await send('DELETE', `/api/schools/${net.schoolA.id}`, net.globalAdmin.email);
      expect(full.statusCode).toBe(422);
      expect(full.body).toBe(
        'This school still holds 2 students: move them to another school or delete them first.',
      );
      const one = await createSchool(t.database.db, { conferenceId: net.conferenceA.id });
      await createStudent(t.database.db, { schoolId: one.id });
      expect((await send('DELETE', `/api/schools/${one.id}`, net.globalAdmin.email)).body).toMatch(/holds 1 student:/);

      const empty = await createSchool(t.database.db, { conferenceId: net.conferenceA.id });
      await t.database.query(`insert into claimed_zips (school_id, zip_code) values ($1, '60601')`, [empty.id]);
      expect((await send('DELETE', `/api/schools/${empty.id}`, net.conferenceAdminA.email)).statusCode).toBe(403);
      const deleted = await send('DELETE', `/api/schools/${empty.id}`, net.globalAdmin.email);
      expect(deleted.statusCode).toBe(204);
      expect(await t.database.query('select id from schools where id = $1', [empty.id])).toEqual([]);
      const [version] = await t.database.query<{ event: string; object: { associations: { claimed_zips: unknown[] } } }>(
        `select event, object from versions where item_type = 'School' and item_id = $1`,
        [empty.id],
      );
      expect(version?.event).toBe('destroy');
      expect(version?.object.associations.claimed_zips).toHaveLength(1);
    });
  });
});
