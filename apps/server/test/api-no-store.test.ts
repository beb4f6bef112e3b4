import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createNetwork, type Network } from './support/factories.ts';

/*
 * Issue 30's review: the browser's HTTP cache kept every answer of the API the phone's copy read
 * (the instructor's students, their enrollments and notes) on disk, where Log out, which empties
 * the phone's own copy, does not reach. A signed-in answer says `no-store`.
 */
describe('signed-in answers are not kept by the browser', () => {
  let t: TestContext;
  let net: Network;
  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it('a record, a list and a refusal say no-store', async () => {
    const headers = await t.headersFor(net.instructorA.email);
    const own = await t.app.inject({ method: 'GET', url: `/api/students/${net.studentA.id}`, headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ method: 'GET', url: '/api/students', headers });
    expect(list.headers['cache-control']).toBe('no-store');
    const outOfScope = await t.app.inject({ method: 'GET', url: `/api/students/${net.studentB.id}`, headers });
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.headers['cache-control']).toBe('no-store');
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/students/${net.studentA.id}` });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
  });

  it('a public answer is left to its route', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).toBeUndefined();
  });
});
