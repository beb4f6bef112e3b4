import { readFileSync } from 'node:fs';
import { unknownField } from '@srs/shared/common';
import { intakeAnswers, intakeMessages, publicInterestExample, publicInterestFields } from '@srs/shared/public-intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createUser } from './support/factories.ts';

/**
 * Issue 25: the public intake is documented and strict. A course or seminar named that is not
 * there, a field it does not take and a value of the wrong kind are each a 422 naming the field
 * (SPEC section 8's field → messages); nothing the website sends is dropped without a word.
 */
describe('the public intake, documented and strict', () => {
  let t: TestContext;
  let key: string;
  const suffix = Date.now().toString(36);
  const courseName = `Discover Bible Guides ${suffix}`;
  let courseId: number;

  const person = (extra: Record<string, unknown> = {}) => ({ first_name: 'Lydia', last_name: 'Purple', zip_code: '62701', ...extra });
  const intake = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/public/interests', payload: body as object, headers: { authorization: `Bearer ${key}` } });
  const countOf = async (lastName: string) =>
    (await t.database.query<{ n: number }>('select count(*)::int as n from interests where last_name = $1', [lastName]))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ FEATURE_INTEREST_TRACKING: 'true' });
    const admin = (await createUser(t.database.db, { roleType: 'global_admin' })).email;
    const made = await t.app.inject({ method: 'POST', url: '/api/api_keys', headers: await t.headersFor(admin), payload: { name: 'Website' } });
    key = (made.json() as { key: string }).key;
    courseId = (await createCourse(t.database.db, 1, { name: courseName })).course.id;
  });
  afterAll(async () => t.close());

  it('links the course or seminar named by `series`, upper or lower case alike (201)', async () => {
    const response = await intake(person({ last_name: `Named${suffix}`, series: courseName.toUpperCase(), external_id: `named-${suffix}` }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      external_id: `named-${suffix}`,
      status: 'new',
      created: true,
      series: { id: courseId, name: courseName },
    });
    const [row] = await t.database.query<{ series_id: number; source: string }>(
      'select series_id::int as series_id, source from interests where id = $1',
      [response.json().id],
    );
    expect(row).toEqual({ series_id: courseId, source: 'api' });
    // By its id as well; with neither, no course.
    const byId = await intake(person({ series_id: courseId }));
    expect(byId.json()).toMatchObject({ series: { id: courseId, name: courseName }, external_id: null });
    expect((await intake(person())).json()).toMatchObject({ series: null, created: true });
  });

  it('refuses a course or seminar that is not there, not active, named twice or sent both ways, at `series` (422)', async () => {
    const lastName = `Refused${suffix}`;
    const nope = await intake(person({ last_name: lastName, series: 'Nope' }));
    expect(nope.statusCode).toBe(422);
    expect(nope.json()).toEqual({ series: [intakeMessages.unknownSeries] });

    const retired = `Retired course ${suffix}`;
    await createCourse(t.database.db, 1, { name: retired, active: false });
    expect((await intake(person({ last_name: lastName, series: retired }))).json()).toEqual({ series: [intakeMessages.unknownSeries] });

    const shared = `Prophecy Seminar ${suffix}`;
    await createCourse(t.database.db, 1, { name: shared });
    await createCourse(t.database.db, 1, { name: shared.toLowerCase(), type: 'Seminar' });
    expect((await intake(person({ last_name: lastName, series: shared }))).json()).toEqual({ series: [intakeMessages.ambiguousSeries] });

    const both = await intake(person({ last_name: lastName, series: courseName, series_id: courseId }));
    expect(both.json()).toEqual({ series: [intakeMessages.seriesTwice] });
    expect((await intake(person({ last_name: lastName, series_id: 999999999 }))).json()).toEqual({ series_id: ['is not valid'] });
    expect(await countOf(lastName)).toBe(0);
  });

  it('refuses a field it does not take by its name, never drops it (422)', async () => {
    const lastName = `Unknown${suffix}`;
    const response = await intake(person({ last_name: lastName, series_name: courseName, course: courseName }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ series_name: [unknownField], course: [unknownField] });
    expect(await countOf(lastName)).toBe(0);
  });

  it('refuses values of the wrong kind by field (422)', async () => {
    const lastName = `Kinds${suffix}`;
    const response = await intake({
      first_name: 7,
      last_name: lastName,
      email: ['lydia@example.org'],
      series_id: 'twelve',
      series: 12,
      external_id: { id: 1 },
      zip_code: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      first_name: ['is not valid'],
      email: ['is not valid'],
      series_id: ['is not valid'],
      series: ['is not valid'],
      external_id: ['is not valid'],
      zip_code: ['is not valid'],
    });
    const missing = await intake({ email: 'lydia@example.org' });
    expect(missing.json()).toEqual({ first_name: ['This field is required'], last_name: ['This field is required'] });
    expect(await countOf(lastName)).toBe(0);
  });

  it('without external_id every post is a new interest; with it a repeat answers 200 and changes nothing', async () => {
    const lastName = `Repeat${suffix}`;
    const first = await intake(person({ last_name: lastName }));
    const second = await intake(person({ last_name: lastName }));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().id).not.toBe(first.json().id);

    const once = await intake(person({ last_name: lastName, external_id: `repeat-${suffix}`, series: courseName }));
    const again = await intake(person({ last_name: lastName, first_name: 'Changed', external_id: `repeat-${suffix}` }));
    expect(once.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...once.json(), created: false });
    expect(await countOf(lastName)).toBe(3);
  });

  it('answers as the documentation says: the example is received, its 422 example is what is answered', async () => {
    const example = await intake({ ...publicInterestExample, series: courseName, external_id: `example-${suffix}` });
    expect(example.statusCode).toBe(201);
    const documented = intakeAnswers.find((answer) => answer.status === 201)!.example;
    expect(Object.keys(example.json()).sort()).toEqual(Object.keys(documented).sort());

    const refused = await intake(person({ course: 'Discover', email: 'lydia' }));
    expect(refused.json()).toEqual(intakeAnswers.find((answer) => answer.status === 422)!.example);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/public/interests', payload: person() });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toEqual(intakeAnswers.find((answer) => answer.status === 401)!.example);
  });

  it('the OpenAPI document describes the route: its fields with their words, its answers', async () => {
    type Schema = { properties?: Record<string, { description?: string; example?: unknown }>; required?: string[]; additionalProperties?: boolean };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, {
        description?: string;
        security?: unknown[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        responses?: Record<string, { description?: string }>;
      }>>;
    };
    const operation = doc.paths['/api/public/interests']?.post;
    expect(operation?.description).toContain('external_id');
    expect(operation?.security).toEqual([{ apiKey: [] }, { apiKeyHeader: [] }]);
    const body = operation?.requestBody?.content?.['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(publicInterestFields.map((field) => field.name));
    expect(body?.required).toEqual(['first_name', 'last_name']);
    expect(body?.additionalProperties).toBe(false);
    for (const field of publicInterestFields) {
      expect(body?.properties?.[field.name], field.name).toMatchObject({ description: field.description, example: field.example });
    }
    for (const answer of intakeAnswers) {
      expect(operation?.responses?.[String(answer.status)]?.description, String(answer.status)).toBe(answer.meaning);
    }
  });

  it('the README names every field and every answer of the intake', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('## Sending interests from a website');
    expect(start).toBeGreaterThanOrEqual(0);
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    for (const field of publicInterestFields) expect(section, field.name).toContain(`\`${field.name}\``);
    for (const answer of intakeAnswers) expect(section, String(answer.status)).toContain(`**${answer.status}**`);
  });
});
