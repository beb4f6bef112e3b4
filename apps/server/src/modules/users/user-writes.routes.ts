import { IdParams } from '@srs/shared/common';
import { UserDetail, UserInput, UserUpdateInput, WelcomeEmailResponse } from '@srs/shared/users';
import type { FastifyRequest } from 'fastify';
import { visibleId } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { dispatchMail } from '../mail/public.ts';
import { findUser } from './user-detail.queries.ts';
import { deleteUser } from './user-delete.ts';
import { createUserRoles, userDetail, userRules } from './user-rules.ts';
import { clearSecondFactor, createUser, sendWelcomeEmail, updateUser, welcomeContextOf } from './users.service.ts';

export async function userWriteRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  const welcome = welcomeContextOf(env);
  const detail = async (request: FastifyRequest, id: number) => {
    const found = await findUser(db, request.actor.scope, id);
    return userDetail(request.user, request.actor, found.detail, found.facts);
  };

  app.post(
    '/api/users',
    {
      config: { roles: createUserRoles },
      schema: {
        tags: ['users'],
        summary: 'Create a user with the roles the admin may grant (201), optionally sending the welcome email',
        body: UserInput,
        response: { 201: UserDetail },
      },
    },
    async (request, reply) => {
      const result = await createUser(db, request.actor, request.body, welcome);
      await dispatchMail(app, request.log, result.outboxIds);
      return reply.code(201).send(await detail(request, result.id));
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: { roles: userRules.update.roles, record: 'user' },
      schema: { tags: ['users'], params: IdParams, body: UserUpdateInput, response: { 200: UserDetail } },
    },
    async (request) => {
      const result = await updateUser(db, request.actor, visibleId(request, 'user'), request.body, welcome);
      await dispatchMail(app, request.log, result.outboxIds);
      return detail(request, result.id);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { roles: userRules.destroy.roles, record: 'user' },
      schema: {
        tags: ['users'],
        summary: "Delete a user: their students go to their schools' head school admins; the account is deactivated",
        params: IdParams,
      },
    },
    async (request, reply) => {
      await deleteUser(db, request.actor, visibleId(request, 'user'));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/users/:id/welcome_email',
    {
      config: { roles: userRules.welcome_email.roles, record: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Send the welcome email with a single-use link to set a password (7 days)',
        params: IdParams,
        response: { 200: WelcomeEmailResponse },
      },
    },
    async (request) => {
      const sent = await sendWelcomeEmail(db, request.actor, visibleId(request, 'user'), welcome);
      await dispatchMail(app, request.log, sent.outboxIds);
      return { welcome_email_sent_at: sent.sentAt.toISOString(), link_expires_at: sent.expiresAt?.toISOString() ?? null };
    },
  );

  app.delete(
    '/api/users/:id/delete_mfa',
    {
      config: { roles: userRules.delete_mfa.roles, record: 'user' },
      schema: {
        tags: ['users'],
        summary: "Clear the user's second factor: recorded in the versions, the user told by email",
        params: IdParams,
      },
    },
    async (request, reply) => {
      const outboxIds = await clearSecondFactor(db, request.actor, visibleId(request, 'user'));
      await dispatchMail(app, request.log, outboxIds);
      return reply.code(204).send();
    },
  );
}
