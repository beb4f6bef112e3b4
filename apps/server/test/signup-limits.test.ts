import { signupThanks, signupTooMany } from '@srs/shared/signup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesPerSchool, requestsPerAddress } from '../src/modules/signup/signup-limits.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createStaffedNetwork, createStaffedSchool, outboxTo, type StaffedNetwork } from './support/student-factories.ts';

describe('sign-up mails are capped per recipient, per client address and per school', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  const request = (email: string, remoteAddress: string, schoolId = net.schoolA.id) =>
    t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'Sam', last_name: 'Seeker', email, school_id: schoolId, message: null },
      remoteAddress,
    });
  const mailsOfKind = async (to: string, kind: string) => (await outboxTo(t.database.db, to)).filter((mail) => mail.kind === kind);

  beforeAll(async () => {
    // The per-minute limit of the route is not what is tested here.
    t = await createTestApp({ RATE_LIMIT_SIGN_IN: '1000' });
    net = await createStaffedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it("25 requests from 25 addresses for one known email queue one 'You already have an account'", async () => {
    const unknown = await request('never.seen@test.example', '198.51.100.1');
    const answers = [];
    for (let i = 0; i < 25; i += 1) answers.push(await request(net.instructorA.email.toUpperCase(), `203.0.113.${i + 1}`));
    // The same answer as for an unknown email, every time: nothing is learnt of the address.
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(unknown.body);
    }
    expect(unknown.json()).toEqual({ message: signupThanks });
    expect(await mailsOfKind(net.instructorA.email, 'signup_known')).toHaveLength(1);
    // The counters' table keeps no one's email.
    const keys = await t.database.query<{ key: string }>("select key from rate_limits where key like 'signup-%'");
    expect(keys.some((row) => row.key.toLowerCase().includes(net.instructorA.email.toLowerCase()))).toBe(false);
  });

  it('the 11th request of a day from one address is refused with 429 and mails no admin', async () => {
    const { school, head } = await createStaffedSchool(t.database.db);
    const address = '192.0.2.10';
    for (let i = 0; i < requestsPerAddress; i += 1) {
      expect((await request(`asker-${i}@test.example`, address, school.id)).statusCode).toBe(202);
    }
    expect(await mailsOfKind(head.email, 'signup_request')).toHaveLength(requestsPerAddress);

    const eleventh = await request('asker-11@test.example', address, school.id);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: signupTooMany });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await mailsOfKind(head.email, 'signup_request')).toHaveLength(requestsPerAddress);
    expect(await t.database.query("select id from signup_requests where email = 'asker-11@test.example'")).toEqual([]);
    // Counted before the email is looked at: a known email gets the very same answer, and no mail.
    const known = await request(net.instructorB.email, address, school.id);
    expect(known.statusCode).toBe(429);
    expect(known.body).toBe(eleventh.body);
    expect(await mailsOfKind(net.instructorB.email, 'signup_known')).toEqual([]);
  });

  it("past the day's notices a school's admins are mailed no more, and the request still waits in their list", async () => {
    const { school, head } = await createStaffedSchool(t.database.db);
    for (let i = 0; i <= noticesPerSchool; i += 1) {
      expect((await request(`rotated-${i}@test.example`, `198.51.100.${100 + i}`, school.id)).statusCode).toBe(202);
    }
    expect(await mailsOfKind(head.email, 'signup_request')).toHaveLength(noticesPerSchool);
    const pending = await t.app.inject({ method: 'GET', url: '/api/signup_requests', headers: await t.headersFor(head.email) });
    expect(pending.json().signup_requests).toHaveLength(noticesPerSchool + 1);
  });
});
