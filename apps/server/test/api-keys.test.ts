import { messages } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createSchool, createUser } from './support/factories.ts';

const person = (external_id: string, extra: Record<string, unknown> = {}) => ({
  external_id,
  first_name: 'Lydia',
  last_name: 'Purple',
  email: 'lydia@example.org',
  city: 'Thyatira',
  zip_code: '62701',
  ...extra,
});

describe('with interest tracking off', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('the interests, the keys and the intake answer as if they did not exist', async () => {
    const admin = await createUser(t.database.db, { roleType: 'global_admin' });
    const headers = await t.headersFor(admin.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/interests', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/api_keys', headers })).statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/api/api_keys', headers, payload: { name: 'Website' } });
    expect(post.statusCode).toBe(404);
    const intake = await t.app.inject({ method: 'POST', url: '/api/public/interests', payload: person('a-1') });
    expect(intake.statusCode).toBe(404);
  });
});

describe('API keys and the public interest intake (interest tracking on)', () => {
  let t: TestContext;
  let admin: string;
  let schoolAdmin: string;
  const createKey = async (name: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api_keys',
      headers: await t.headersFor(admin),
      payload: { name },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { api_key: { id: number; prefix: string; name: string }; key: string };
  };
  const intake = (key: string | null, body: unknown, header: 'authorization' | 'x-api-key' = 'authorization') =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/interests',
      payload: body as object,
      headers: key === null ? {} : header === 'authorization' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key },
    });

  beforeAll(async () => {
    t = await createTestApp({ FEATURE_INTEREST_TRACKING: 'true', RATE_LIMIT_INTAKE: '5' });
    admin = (await createUser(t.database.db, { roleType: 'global_admin' })).email;
    const school = await createSchool(t.database.db);
    schoolAdmin = (await createUser(t.database.db, { roleType: 'school_admin', schoolId: school.id })).email;
  });
  afterAll(async () => t.close());

  it('a global admin creates a named key, shown once and kept only as a hash; others may not', async () => {
    const { api_key, key } = await createKey('Church website');
    expect(key).toMatch(/^srs_[0-9a-f]{48}$/);
    expect(api_key).toMatchObject({ name: 'Church website', prefix: key.slice(0, 12), last_used_at: null, revoked_at: null });
    const [kept] = await t.database.query<{ key_hash: string; prefix: string }>(
      'select key_hash, prefix from api_keys where id = $1',
      [api_key.id],
    );
    expect(kept!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept)).not.toContain(key.slice(12));
    const list = await t.app.inject({ method: 'GET', url: '/api/api_keys', headers: await t.headersFor(admin) });
    expect(list.json().api_keys[0]).toMatchObject({ id: api_key.id, prefix: key.slice(0, 12) });
    expect(list.body).not.toContain(key.slice(12));

    const others = await t.headersFor(schoolAdmin);
    expect((await t.app.inject({ method: 'GET', url: '/api/api_keys', headers: others })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/api_keys', headers: others, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/api_keys' })).statusCode).toBe(401);
    const blank = await t.app.inject({ method: 'POST', url: '/api/api_keys', headers: await t.headersFor(admin), payload: { name: ' ' } });
    expect(blank.json()).toEqual({ name: [messages.fieldRequired] });
  });

  it('takes an interest with a key, once for each of the sender’s ids, and notes the key’s use', async () => {
    const { api_key, key } = await createKey('Intake');
    const course = await createCourse(t.database.db, 1, { name: 'Discover' });
    const first = await intake(key, person('web-101', { series_id: course.course.id }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ external_id: 'web-101', status: 'new', created: true });
    const again = await intake(key, person('web-101'), 'x-api-key');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, created: false });
    const rows = await t.database.query<{ source: string; series_id: number; status: string }>(
      "select source, series_id, status from interests where external_id = 'web-101'",
    );
    expect(rows).toEqual([{ source: 'api', series_id: course.course.id, status: 'new' }]);
    const list = await t.app.inject({ method: 'GET', url: '/api/api_keys', headers: await t.headersFor(admin) });
    const used = list.json().api_keys.find((k: { id: number }) => k.id === api_key.id);
    expect(used.last_used_at).toEqual(expect.any(String));
  });

  it('refuses a missing, wrong or revoked key with 401 and a bad body with 422 naming its fields', async () => {
    const { api_key, key } = await createKey('Revoked soon');
    expect((await intake(null, person('x-1'))).statusCode).toBe(401);
    const wrongKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    expect((await intake(wrongKey, person('x-1'))).statusCode).toBe(401);
    // A signed-in user's token is no key: a key never signs anyone in, and a token never sends interests.
    expect((await intake((await t.headersFor(admin)).authorization.slice(7), person('x-1'))).statusCode).toBe(401);
    // An empty external_id is none (it is optional); an empty first name is not.
    const bad = await intake(key, { external_id: '', first_name: '', last_name: 'Purple', email: 'not-an-email', series_id: 999999999 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json()).sort()).toEqual(['email', 'first_name']);
    const unknownSeries = await intake(key, person('x-2', { series_id: 999999999 }));
    expect(unknownSeries.json()).toEqual({ series_id: ['is not valid'] });

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/api_keys/${api_key.id}`, headers: await t.headersFor(admin) });
    expect(revoke.statusCode).toBe(204);
    expect((await intake(key, person('x-3'))).statusCode).toBe(401);
    const versions = await t.database.query<{ event: string }>(
      "select event from versions where item_type = 'ApiKey' and item_id = $1 order by id",
      [api_key.id],
    );
    expect(versions.map((v) => v.event)).toEqual(['create', 'update']);
  });

  it('limits each key to RATE_LIMIT_INTAKE posts a minute (429), another key still passes', async () => {
    const busy = await createKey('Busy');
    const calm = await createKey('Calm');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await intake(busy.key, person(`busy-${i}`))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await intake(calm.key, person('calm-1'))).statusCode).toBe(201);
  });
});
