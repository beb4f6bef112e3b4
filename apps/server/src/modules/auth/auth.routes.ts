import { limits, UrlResponse } from '@srs/shared/common';
import { messages } from '@srs/shared/messages';
import { everyone } from '@srs/shared/roles';
import { CurrentUser } from '@srs/shared/users';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadTokenUser } from '../../auth/current-user.ts';
import type { OidcClient } from '../../auth/oidc-client.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { TokenService } from '../../auth/tokens.ts';
import { invalid, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { userSettings, users } from '../../db/schema/index.ts';
import type { App } from '../../types.ts';
import { finishSignIn, SignInError, startSignIn } from './auth.service.ts';

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
        return reply.redirect(await startSignIn(db, oidc, request.body?.only_oauth ?? false), 302);
      } catch (error) {
        request.log.error({ err: error }, 'sign-in could not start');
        return reply.redirect(
          loginUrl({ message: 'The sign-in service is not available. Please try again later.' }),
          302,
        );
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
    async (request) => ({ url: await startSignIn(db, oidc, request.query.only_oauth) }),
  );

  app.get(
    '/api/users/auth/callback',
    { config: { public: true, rateLimit }, schema: { tags: ['auth'], summary: 'Return from the identity provider' } },
    async (request, reply) => {
      try {
        const userId = await finishSignIn(db, oidc, new URL(request.url, publicUrl));
        const user = await loadTokenUser(db, userId);
        if (!user) throw new SignInError(messages.nilUser);
        const { token } = await tokens.issue(user);
        // Readable by the web app once, which moves it into localStorage 'tk' (SPEC section 4).
        reply.setCookie('user_token', token, {
          path: '/',
          sameSite: 'lax',
          secure: options.secureCookies,
          maxAge: 120,
        });
        return reply.redirect(loginUrl({ logged_in: 'true' }), 302);
      } catch (error) {
        const message = error instanceof SignInError ? error.message : 'Sign-in failed. Please try again.';
        if (!(error instanceof SignInError)) request.log.error({ err: error }, 'sign-in failed');
        return reply.redirect(loginUrl({ message }), 302);
      }
    },
  );

  app.delete(
    '/api/logout',
    {
      config: { roles: everyone },
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
        summary: 'Change the password used with the built-in sign-in',
        body: z.object({
          current_password: z.string().min(1, messages.fieldRequired).max(200, limits.tooLong(200)),
          password: z.string().min(10, limits.tooShort(10)).max(200, limits.tooLong(200)),
        }),
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request) => {
      const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, request.user.id));
      if (!(await verifyPassword(request.body.current_password, user?.hash))) {
        throw invalid({ current_password: ['is not correct'] });
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(request.body.password), updatedAt: new Date() })
        .where(eq(users.id, request.user.id));
      return { success: true };
    },
  );
}
