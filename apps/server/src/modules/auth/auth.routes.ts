import { limits, UrlResponse } from '@srs/shared/common';
import { messages } from '@srs/shared/messages';
import { everyone } from '@srs/shared/roles';
import { CurrentUser } from '@srs/shared/users';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { loadSignedInUser } from '../../auth/current-user.ts';
import type { OidcClient } from '../../auth/oidc-client.ts';
import { passwordMaxLength } from '../../auth/password-rules.ts';
import type { TokenService } from '../../auth/tokens.ts';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { databaseUnreachable, isDatabaseUnreachable } from '../../db/unreachable.ts';
import { userSettings, users } from '../../db/schema/index.ts';
import type { App } from '../../types.ts';
import { settle } from '../mail/public.ts';
import { changeOwnPassword } from './change-password.ts';
import { finishSignIn, SignInError, signInMessages, startSignIn } from './auth.service.ts';

type Options = {
  db: Db;
  oidc: OidcClient;
  tokens: TokenService;
  publicUrl: string;
  passwordResetUrl: string | null;
  signInRateLimit: number;
  secureCookies: boolean;
};

const onlyOauth = z
  .union([z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0')])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export async function authRoutes(app: App, options: Options) {
  const { db, oidc, tokens, publicUrl } = options;
  const rateLimit = { max: options.signInRateLimit, timeWindow: '1 minute' };
  const loginUrl = (params: Record<string, string>) => `/login?${new URLSearchParams(params).toString()}`;
  /**
   * The browser's sign-in cookie: random, HttpOnly. A sign-in is bound to it when it starts and
   * must return to it (docs/decisions/019). Over HTTPS its name has the __Host- prefix, so that no
   * other host (a sibling subdomain) and no plain-HTTP answer can plant one of its own choosing.
   */
  const signInCookieName = options.secureCookies ? '__Host-srs_sign_in' : 'srs_sign_in';
  const signInCookie = (request: FastifyRequest, reply: FastifyReply) => {
    const existing = request.cookies[signInCookieName];
    const value = existing && /^[\w-]{43}$/.test(existing) ? existing : randomBytes(32).toString('base64url');
    reply.setCookie(signInCookieName, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      maxAge: 60 * 60,
    });
    return value;
  };

  app.post(
    '/api/users/auth/auth0',
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Start sign-in (form submit): redirects to the identity provider',
        body: z.object({ only_oauth: onlyOauth }).nullish(),
      },
    },
    async (request, reply) => {
      try {
        const browser = signInCookie(request, reply);
        return reply.redirect(await startSignIn(db, oidc, request.body?.only_oauth ?? false, browser), 302);
      } catch (error) {
        request.log.error({ err: error }, 'sign-in could not start');
        const message = isDatabaseUnreachable(error)
          ? databaseUnreachable.message
          : 'The sign-in service is not available. Please try again later.';
        return reply.redirect(loginUrl({ message }), 302);
      }
    },
  );

  app.get(
    '/api/users/auth/url',
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'The sign-in URL (only_oauth=true: the provider asks again)',
        querystring: z.object({ only_oauth: onlyOauth }),
        response: { 200: UrlResponse },
      },
    },
    async (request, reply) => ({ url: await startSignIn(db, oidc, request.query.only_oauth, signInCookie(request, reply)) }),
  );

  app.get(
    '/api/users/auth/callback',
    { config: { public: true, rateLimit }, schema: { tags: ['auth'], summary: 'Return from the identity provider' } },
    async (request, reply) => {
      try {
        const signedIn = await finishSignIn(db, oidc, new URL(request.url, publicUrl), request.cookies[signInCookieName]);
        const current = await loadSignedInUser(db, signedIn.userId);
        if (!current) throw new SignInError(messages.nilUser);
        // The built-in provider's sign-in was checked under a generation: a change of the account
        // since ends it here, and the token is issued under the one both agree on.
        if (signedIn.generation !== null && signedIn.generation !== current.generation) {
          throw new SignInError(signInMessages.accountChanged);
        }
        const { token } = await tokens.issue(current.user, current.generation);
        // Readable by the web app once, which moves it into localStorage 'tk' (SPEC section 4).
        reply.setCookie('user_token', token, {
          path: '/',
          sameSite: 'lax',
          secure: options.secureCookies,
          maxAge: 120,
        });
        return reply.redirect(loginUrl({ logged_in: 'true' }), 302);
      } catch (error) {
        const message =
          error instanceof SignInError
            ? error.message
            : isDatabaseUnreachable(error)
              ? databaseUnreachable.message
              : 'Sign-in failed. Please try again.';
        if (!(error instanceof SignInError)) request.log.error({ err: error }, 'sign-in failed');
        return reply.redirect(loginUrl({ message }), 302);
      }
    },
  );

  app.delete(
    '/api/logout',
    {
      config: { roles: everyone, idempotency: false },
      schema: {
        tags: ['auth'],
        summary: 'Log out: revokes the token, answers the provider sign-out URL',
        response: { 200: UrlResponse },
      },
    },
    async (request) => {
      await tokens.revoke(request.token);
      return { url: await oidc.endSessionUrl() };
    },
  );

  app.get(
    '/api/users/me',
    {
      config: { roles: everyone },
      schema: { tags: ['users'], summary: "The signed-in user's data", response: { 200: CurrentUser } },
    },
    async (request) => {
      const [settings] = await db
        .select({ backgroundImageUrl: userSettings.backgroundImageUrl })
        .from(userSettings)
        .where(eq(userSettings.userId, request.user.id));
      const [row] = await db
        .select({ pictureId: users.profilePictureUploadId })
        .from(users)
        .where(eq(users.id, request.user.id));
      if (!row) throw notFound('User');
      return {
        ...request.user,
        profile_picture_url: row.pictureId ? `/api/uploads/${row.pictureId}` : null,
        background_image_url: settings?.backgroundImageUrl ?? null,
      };
    },
  );

  app.get(
    '/api/users/password_reset_url',
    {
      config: { roles: everyone },
      schema: {
        tags: ['auth'],
        summary: 'Where to change the password',
        response: { 200: z.object({ reset_url: z.string() }) },
      },
    },
    async () => ({ reset_url: options.passwordResetUrl ?? `${publicUrl}/idp/password` }),
  );

  app.patch(
    '/api/change_password',
    {
      config: { roles: everyone, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Change the password used with the built-in sign-in: every other session ends, the owner is told',
        body: z.object({
          current_password: z.string().min(1, messages.fieldRequired).max(200, limits.tooLong(200)),
          password: z.string().max(passwordMaxLength, limits.tooLong(passwordMaxLength)),
        }),
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request, reply) => {
      await reply.renewSession(await settle(app, request.log, await changeOwnPassword(db, request.user.id, request.body)));
      return { success: true };
    },
  );
}
