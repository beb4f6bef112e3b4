import { randomBytes } from 'node:crypto';
import { named } from '../matrix-fixture.ts';
import type { Probe } from '../matrix-probes.ts';

/** The authorization matrix's probes for the users routes (see matrix-probes.ts for the rules). */
export const probes: Record<string, Probe[]> = {
  'POST /api/users': [
    {
      name: 'roles',
      kind: 'school',
      request: ({ id }, level) => ({
        body: {
          first_name: 'Aab',
          last_name: named(level, 'New user'),
          email: `new-user-${randomBytes(4).toString('hex')}@test.example`,
          roles: [{ role_type: 'instructor', organization_id: id }],
        },
      }),
      outOfScope: {
        asMissing:
          "a role beyond the admin's reach is refused (403) whether its school exists or not (docs/decisions.md)",
      },
    },
  ],
  'GET /api/users/simple_list': [
    { name: 'all', request: () => ({}), canary: ['shared', 'sibling', 'foreign'] },
  ],
  'PUT /api/signup_requests/decide': [
    {
      name: 'a request that is not pending in my schools',
      request: () => ({ body: { id: 999_999_999, decision: 'decline' } }),
      // The matrix has no requests for an account: the role gate is what it checks; signup.test.ts the rest.
      accept: [404],
    },
  ],
};

/** Bodies for writes to a users record named in the path: the least that is a valid request. */
export const writeBodies: Record<string, unknown> = {
  'PUT /api/users/{id}': { phone: '555-0100' },
  'POST /api/users/{id}/welcome_email': undefined,
};

/** users routes the matrix does not call, each with its reason. */
export const skipped: Record<string, string> = {
  'POST /api/signup': "public: 'Need an account?' on the login page, rate-limited (signup.test.ts)",
  'GET /api/signup/schools': 'public: the school picker of a request for an account, rate-limited (signup.test.ts)',
};
