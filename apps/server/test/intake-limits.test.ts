import { intakeMessages } from '@srs/shared/public-intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../src/core/limits.ts';
import { wrongKeysPerMinute } from '../src/modules/api-keys/api-key-limits.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createUser } from './support/factories.ts';

const person = (external_id: string) => ({
  external_id,
  first_name: 'Lydia',
  last_name: 'Purple',
  email: 'lydia@example.org',
  city: 'Thyatira',
  zip_code: '62701',
});

/** A key's public prefix (shown in lists and versions) with a secret that is not its own. */
const wrongSecretOf = (key: string) => `${key.slice(0, 12)}${key[12] === 'a' ? 'b' : 'a'}${key.slice(13)}`;

describe('the public intake counts a key only once it is verified, and wrong keys per address', () => {
  let t: TestContext;
  let admin: string;
  const createKey = async (name: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/api_keys', headers: await t.headersFor(admin), payload: { name } });
    return (response.json() as { key: string }).key;
  };
  const intake = (key: string, externalId: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/interests',
      payload: person(externalId),
      headers: { authorization: `Bearer ${key}` },
      remoteAddress,
    });

  beforeAll(async () => {
    t = await createTestApp({ FEATURE_INTEREST_TRACKING: 'true', RATE_LIMIT_INTAKE: '5' });
    admin = (await createUser(t.database.db, { roleType: 'global_admin' })).email;
  });
  afterAll(async () => t.close());

  it('100 posts with the real prefix and a wrong secret get 401 then 429; the real key still posts', async () => {
    const key = await createKey('Church website');
    const forged = wrongSecretOf(key);
    expect(forged.slice(0, 12)).toBe(key.slice(0, 12));
    expect(forged).not.toBe(key);

    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) statuses.push((await intake(forged, `forged-${i}`, '203.0.113.7')).statusCode);
    expect(statuses.slice(0, wrongKeysPerMinute)).toEqual(Array(wrongKeysPerMinute).fill(401));
    expect(new Set(statuses.slice(wrongKeysPerMinute))).toEqual(new Set([429]));

    const limited = await intake(forged, 'forged-last', '203.0.113.7');
    expect(limited.json()).toEqual({ error: intakeMessages.tooManyWrongKeys });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A live key is admitted even from that address: a website behind the same outgoing address
    // as someone guessing is not shut out (the secret is 160 bits; the limit spares the server).
    expect((await intake(key, 'shared-address', '203.0.113.7')).statusCode).toBe(201);

    // The website's own allowance was never touched by the forged posts.
    expect((await intake(key, 'real-1', '198.51.100.20')).statusCode).toBe(201);
    expect(await t.database.query("select external_id from interests where external_id like 'forged-%'")).toEqual([]);
  });

  it('a key still has its own limit, RATE_LIMIT_INTAKE posts a minute, from any address', async () => {
    const key = await createKey('Busy website');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await intake(key, `busy-${i}`, `198.51.100.${30 + i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await intake(key, 'busy-last', '198.51.100.99');
    expect(limited.json()).toEqual({ error: intakeMessages.tooManyPosts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a missing key counts like a wrong one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= wrongKeysPerMinute; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/public/interests', payload: person(`none-${i}`), remoteAddress: '192.0.2.44' });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-2)).toBe(401);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts IPv6 clients by their /64, which one subscriber holds whole', () => {
    expect(clientAddress('2001:db8:a:b:1:2:3:4')).toBe(clientAddress('2001:db8:a:b::ffff'));
    expect(clientAddress('2001:db8:a:b::1')).not.toBe(clientAddress('2001:db8:a:c::1'));
    expect(clientAddress('a::b:c:d:e:f:1')).toBe('a:0:b:c::/64');
    expect(clientAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddress('192.0.2.1')).toBe('192.0.2.1');
  });
});
