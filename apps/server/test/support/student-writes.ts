import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './app.ts';
import { createUser } from './factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './student-factories.ts';

/** What the student write tests share: a staffed network, a user without a role, and a caller. */
export interface StudentWritesFixture {
  t: TestContext;
  net: StaffedNetwork;
  noRole: { email: string };
  /** One request as the user with that email, or signed out when it is null. */
  call: (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    email: string | null,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
}

/** Registers the suite's hooks; the fixture's fields are filled by the time a test runs. */
export function useStudentWritesFixture(): StudentWritesFixture {
  const fixture = {} as StudentWritesFixture;
  beforeAll(async () => {
    const t = await createTestApp();
    Object.assign(fixture, {
      t,
      net: await createStaffedNetwork(t.database.db),
      noRole: await createUser(t.database.db, null),
      call: async (method, url, email, payload) =>
        t.app.inject({ method, url, payload, headers: email ? await t.headersFor(email) : {} }),
    } satisfies StudentWritesFixture);
  });
  afterAll(async () => fixture.t.close());
  return fixture;
}
