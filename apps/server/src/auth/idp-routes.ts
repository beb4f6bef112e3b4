import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { BuiltinProvider } from './builtin-provider.ts';
import { idpMountPath } from './builtin-provider.ts';
import { autoSubmitLogoutScript, codePage, errorPage, idpStylesheet, loginPage, passwordPage } from './idp-pages.ts';
import { pendingSignIns } from './pending-sign-in.ts';
import { useSecondFactorCode } from './second-factor.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { setPasswordRoutes } from './set-password.routes.ts';

type Options = {
  db: Db;
  builtin: BuiltinProvider;
  demoAccounts: readonly string[];
  demoPassword: string | null;
  signInRateLimit: number;
};
type Form = Record<string, string | undefined>;

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

async function findUserByPassword(db: Db, email: string, password: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, secondFactor: users.mfaEnabledAt })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, eq(users.active, true)));
  const ok = await verifyPassword(password, user?.passwordHash ?? null);
  return ok && user ? user : null;
}

/** The built-in provider at /idp: its protocol endpoints, its one-step sign-in and the password page. */
export async function idpRoutes(app: FastifyInstance, options: Options) {
  const { db, builtin } = options;
  const { provider } = builtin;
  const rateLimit = { max: options.signInRateLimit, timeWindow: '1 minute' };
  const pending = await pendingSignIns(db);
  // Codes are counted per user as well as per address: many addresses do not buy more tries.
  const codeRateLimit = {
    ...rateLimit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `code:${pending.userOf((request.body as Form | undefined)?.pending) ?? request.ip}`,
  };
  /** Sign-in is done: the provider goes on to the app with this account. */
  const finish = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: String(userId) } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  };

  app.get('/idp-assets/idp.css', { config: { public: true }, schema: { hide: true } }, (_request, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(idpStylesheet),
  );
  app.get(
    '/idp-assets/auto-submit-logout.js',
    { config: { public: true }, schema: { hide: true } },
    (_request, reply) => reply.type('text/javascript').send(autoSubmitLogoutScript),
  );

  app.get<{ Params: { uid: string } }>(
    `${idpMountPath}/interaction/:uid`,
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return html(
        reply,
        loginPage({
          action: `${idpMountPath}/interaction/${details.uid}/login`,
          ...demo(options),
          email: details.lastSubmission?.login ? undefined : '',
        }),
      );
    },
  );

  app.post<{ Params: { uid: string }; Body: Form }>(
    `${idpMountPath}/interaction/:uid/login`,
    { config: { public: true, rateLimit }, schema: { hide: true } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const email = String(request.body?.email ?? '');
      const user = await findUserByPassword(db, email, String(request.body?.password ?? ''));
      if (!user) {
        return html(
          reply,
          loginPage({
            action: `${idpMountPath}/interaction/${details.uid}/login`,
            ...demo(options),
            email,
            error: 'Email or password is not correct.',
          }),
          401,
        );
      }
      if (!user.secondFactor) return finish(request, reply, user.id);
      return html(
        reply,
        codePage({ action: `${idpMountPath}/interaction/${details.uid}/code`, pending: pending.issue(details.uid, user.id) }),
      );
    },
  );

  app.post<{ Params: { uid: string }; Body: Form }>(
    `${idpMountPath}/interaction/:uid/code`,
    { config: { public: true, rateLimit: codeRateLimit }, schema: { hide: true } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const token = String(request.body?.pending ?? '');
      const userId = pending.check(details.uid, token);
      if (userId === null) return html(reply, errorPage('This sign-in has expired. Please sign in again.'), 401);
      const ok = await db.transaction((tx) => useSecondFactorCode(tx, userId, String(request.body?.code ?? '')));
      if (!ok) {
        return html(
          reply,
          codePage({
            action: `${idpMountPath}/interaction/${details.uid}/code`,
            pending: token,
            error: 'That code is not correct. Try the newest code from your app.',
          }),
          401,
        );
      }
      return finish(request, reply, userId);
    },
  );

  app.get(`${idpMountPath}/password`, { config: { public: true }, schema: { hide: true } }, (_request, reply) =>
    html(reply, passwordPage({ action: `${idpMountPath}/password` })),
  );

  app.post<{ Body: Form }>(
    `${idpMountPath}/password`,
    { config: { public: true, rateLimit }, schema: { hide: true } },
    async (request, reply) => {
      const form = request.body ?? {};
      const email = String(form.email ?? '');
      const page = (error: string) =>
        html(reply, passwordPage({ action: `${idpMountPath}/password`, email, error }), 422);
      const user = await findUserByPassword(db, email, String(form.current_password ?? ''));
      if (!user) return page('Email or current password is not correct.');
      const password = String(form.password ?? '');
      if (password.length < 10) return page('The new password must be at least 10 characters long.');
      if (password !== form.password_confirmation) return page('The new passwords do not match.');
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return html(reply, passwordPage({ action: '', done: true }));
    },
  );

  // The welcome email's single-use link to set a password.
  await setPasswordRoutes(app, { db, rateLimit });

  // Everything else under /idp is the provider itself, handed the raw request (STACK-NOTES.md).
  await app.register(async (scoped: FastifyInstance) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', (_request: FastifyRequest, _payload: unknown, done: (err: null) => void) =>
      done(null),
    );
    const callback = provider.callback();
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(idpMountPath.length) || '/';
      callback(raw, reply.raw);
    };
    scoped.all(`${idpMountPath}/*`, { config: { public: true }, schema: { hide: true } }, handler);
    scoped.all(idpMountPath, { config: { public: true }, schema: { hide: true } }, handler);
  });
}

function demo(options: Options) {
  return { demoAccounts: options.demoAccounts, demoPassword: options.demoPassword };
}
