import { admins } from '@srs/shared/roles';
import {
  SignupDecisionInput,
  SignupDecisionResponse,
  SignupInput,
  SignupRequestsResponse,
  SignupResponse,
  SignupSchoolsQuery,
  SignupSchoolsResponse,
  signupThanks,
} from '@srs/shared/signup';
import { clientAddress } from '../../core/limits.ts';
import { requestLanguage } from '../../core/request-language.ts';
import type { Db } from '../../db/client.ts';
import { type Env, publicUrl } from '../../env.ts';
import type { App } from '../../types.ts';
import { dispatchMail } from '../mail/public.ts';
import { welcomeContextOf } from '../users/public.ts';
import { decideRequest, requestAccount } from './signup.service.ts';
import { pendingRequests, signupSchools } from './signup.queries.ts';

/** 'Need an account?' (issue 9 section 5): the public request and lookup, and the admins' decisions. */
export async function signupRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  // Public calls are limited per address like sign-in, with counters in the database.
  const rateLimit = { max: env.RATE_LIMIT_SIGN_IN, timeWindow: '1 minute' };

  app.post(
    '/api/signup',
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['signup'],
        summary: 'Ask for an account (never creates one; the same answer for every email)',
        body: SignupInput,
        response: { 202: SignupResponse },
      },
    },
    async (request, reply) => {
      const outboxIds = await requestAccount(db, request.body, publicUrl(env), clientAddress(request.ip));
      await dispatchMail(app, request.log, outboxIds);
      return reply.code(202).send({ message: signupThanks });
    },
  );

  app.get(
    '/api/signup/schools',
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['signup'],
        summary: 'Schools to ask an account at, by name, code, city or zip: code, name and city only',
        querystring: SignupSchoolsQuery,
        response: { 200: SignupSchoolsResponse },
      },
    },
    async (request) => ({ schools: await signupSchools(db, request.query.query) }),
  );

  app.get(
    '/api/signup_requests',
    {
      config: { roles: admins },
      schema: {
        tags: ['signup'],
        summary: 'Pending requests for an account at the schools the user administers',
        response: { 200: SignupRequestsResponse },
      },
    },
    async (request) => ({ signup_requests: await pendingRequests(db, request.actor.scope) }),
  );

  app.put(
    '/api/signup_requests/decide',
    {
      config: { roles: admins },
      schema: {
        tags: ['signup'],
        summary: 'Approve (creates the instructor and sends the welcome email) or decline a request',
        body: SignupDecisionInput,
        response: { 200: SignupDecisionResponse },
      },
    },
    async (request) => {
      // A declined requester is told in the deciding admin's language: they have none of their own.
      const language = requestLanguage(request);
      const { outboxIds, ...decision } = await decideRequest(db, request.actor, request.body, welcomeContextOf(env), language);
      await dispatchMail(app, request.log, outboxIds);
      return decision;
    },
  );
}
