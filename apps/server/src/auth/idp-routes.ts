import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { dispatchMail, queueMail } from '../modules/mail/public.ts';
import type { App } from '../types.ts';
import { passwordChangedNotice } from './account-notices.ts';
import { endSessions, generationAcr } from './account-sessions.ts';
import type { BuiltinProvider } from './builtin-provider.ts';
import { idpMountPath } from './builtin-provider.ts';
import { autoSubmitLogoutScript, codePage, errorPage, idpStylesheet, loginPage, passwordPage } from './idp-pages.ts';
import { idpText, type Language, pageLanguage } from './idp-words.ts';
import { checkPassword } from './password-check.ts';
import { newPasswordProblem } from './password-rules.ts';
import { hashPassword } from './password.ts';
import { pendingSignIns } from './pending-sign-in.ts';
import { type CodeCheck, checkSecondFactor } from './second-factor.ts';
import type { SecretBox } from './secret-box.ts';
import { setPasswordRoutes } from './set-password.routes.ts';
import { type Lock, waitWords } from './sign-in-failures.ts';

type Options = {
  db: Db;
  builtin: BuiltinProvider;
  secrets: SecretBox;
  demoAccounts: readonly string[];
  demoPassword: string | null;
  signInRateLimit: number;
};

/** The account's session generation and chosen language, or null when there is no such user. */
const accountOf = async (db: Db, userId: number) =>
  (await db.select({ generation: users.sessionGeneration, language: users.language }).from(users).where(eq(users.id, userId)))[0] ??
  null;

/** The words of a lock: how long to wait, and who can help. */
export const passwordLocked = (lock: Lock, language: Language = 'en') =>
  idpText(language, 'passwordLocked', { wait: waitWords(lock, language) });
export const codeLocked = (lock: Lock, language: Language = 'en') =>
  idpText(language, 'codeLocked', { wait: waitWords(lock, language) });

/** A code refused, in words and a status for the provider's pages. */
function codeRefusal(checked: Exclude<CodeCheck, { outcome: 'ok' }>, language: Language): { message: string; status: number } {
  if (checked.outcome === 'locked') return { message: codeLocked(checked.lock, language), status: 429 };
  if (checked.outcome === 'unavailable') return { message: idpText(language, 'codesUnavailable'), status: 401 };
  return { message: idpText(language, 'wrongCode'), status: 401 };
}

/** The browser's language (Accept-Language): the pages' language until the person is known. */
const browserLanguage = (request: FastifyRequest) => pageLanguage(null, request.headers['accept-language']);
type Form = Record<string, string | undefined>;

/**
 * A page of the provider: drawn in the browser's language (Accept-Language) until the person is
 * known, so a cache keeps none of them for another reader (issue 29).
 */
const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-language').send(body);

/** The built-in provider at /idp: its protocol endpoints, its one-step sign-in and the password page. */
export async function idpRoutes(app: FastifyInstance, options: Options) {
  const { db, builtin, secrets } = options;
  const { provider } = builtin;
  // Per address here; per email and per user in checkPassword and checkSecondFactor, counted only
  // once the pending token of the code step is verified (a forged one locks nobody out).
  const rateLimit = { max: options.signInRateLimit, timeWindow: '1 minute' };
  const pending = await pendingSignIns(db);
  const mail = (request: FastifyRequest, outboxIds: number[]) => dispatchMail(app as App, request.log, outboxIds);
  // The provider is at the product's address, whatever a client says it is (builtin-provider.ts).
  const { protocol, host } = new URL(builtin.issuer);
  app.addHook('onRequest', async (request) => {
    request.raw.headers['x-forwarded-proto'] = protocol.replace(':', '');
    request.raw.headers['x-forwarded-host'] = host;
    // And the client is the one the server believes (TRUST_PROXY), not one a header names.
    request.raw.headers['x-forwarded-for'] = request.ip;
  });
  /** Sign-in is done: the provider goes on to the app with this account. */
  const finish = async (request: FastifyRequest, reply: FastifyReply, userId: number, generation: number) => {
    await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      // The generation the password was checked under travels with the session (account-sessions.ts).
      { login: { accountId: String(userId), acr: generationAcr(generation) } },
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
        loginPage(
          {
            action: `${idpMountPath}/interaction/${details.uid}/login`,
            ...demo(options),
            email: details.lastSubmission?.login ? undefined : '',
          },
          browserLanguage(request),
        ),
      );
    },
  );

  app.post<{ Params: { uid: string }; Body: Form }>(
    `${idpMountPath}/interaction/:uid/login`,
    { config: { public: true, rateLimit }, schema: { hide: true } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const email = String(request.body?.email ?? '');
      const checked = await checkPassword(db, email, String(request.body?.password ?? ''));
      if (checked.outcome !== 'ok') {
        if (checked.outcome === 'wrong') await mail(request, checked.outboxIds);
        const locked = checked.outcome === 'locked';
        const language = browserLanguage(request);
        return html(
          reply,
          loginPage(
            {
              action: `${idpMountPath}/interaction/${details.uid}/login`,
              ...demo(options),
              email,
              error: locked ? passwordLocked(checked.lock, language) : idpText(language, 'wrongPassword'),
            },
            language,
          ),
          locked ? 429 : 401,
        );
      }
      const { user } = checked;
      if (!user.secondFactor) return finish(request, reply, user.id, user.generation);
      // The person is known now: the code step speaks their language.
      return html(
        reply,
        codePage(
          {
            action: `${idpMountPath}/interaction/${details.uid}/code`,
            pending: pending.issue(details.uid, user.id, user.generation),
          },
          pageLanguage(user.language, request.headers['accept-language']),
        ),
      );
    },
  );

  app.post<{ Params: { uid: string }; Body: Form }>(
    `${idpMountPath}/interaction/:uid/code`,
    { config: { public: true, rateLimit }, schema: { hide: true } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const token = String(request.body?.pending ?? '');
      const step = pending.check(details.uid, token);
      const account = step === null ? null : await accountOf(db, step.userId);
      // A password changed since the password step (a new generation) ends this sign-in too.
      if (step === null || account?.generation !== step.generation) {
        const language = browserLanguage(request);
        return html(reply, errorPage(idpText(language, 'signInExpired'), language), 401);
      }
      const language = pageLanguage(account.language, request.headers['accept-language']);
      const checked = await checkSecondFactor(db, secrets, step.userId, String(request.body?.code ?? ''));
      if (checked.outcome !== 'ok') {
        if (checked.outcome === 'wrong') await mail(request, checked.outboxIds);
        const refused = codeRefusal(checked, language);
        const action = `${idpMountPath}/interaction/${details.uid}/code`;
        return html(reply, codePage({ action, pending: token, error: refused.message }, language), refused.status);
      }
      return finish(request, reply, step.userId, step.generation);
    },
  );

  app.get(`${idpMountPath}/password`, { config: { public: true }, schema: { hide: true } }, (request, reply) =>
    html(reply, passwordPage({ action: `${idpMountPath}/password` }, browserLanguage(request))),
  );

  app.post<{ Body: Form }>(
    `${idpMountPath}/password`,
    { config: { public: true, rateLimit }, schema: { hide: true } },
    async (request, reply) => {
      const form = request.body ?? {};
      const email = String(form.email ?? '');
      // The browser's language, then the person's once their password is right.
      let language = browserLanguage(request);
      const page = (error: string, status = 422) =>
        html(reply, passwordPage({ action: `${idpMountPath}/password`, email, error }, language), status);
      const checked = await checkPassword(db, email, String(form.current_password ?? ''));
      if (checked.outcome === 'locked') return page(passwordLocked(checked.lock, language), 429);
      if (checked.outcome === 'wrong') {
        await mail(request, checked.outboxIds);
        return page(idpText(language, 'wrongCurrentPassword'));
      }
      const { user } = checked;
      language = pageLanguage(user.language, request.headers['accept-language']);
      // The second factor guards a change of password as it guards a sign-in.
      if (user.secondFactor) {
        const code = String(form.code ?? '').trim();
        if (code === '') return page(idpText(language, 'codeNeeded'));
        const coded = await checkSecondFactor(db, secrets, user.id, code);
        if (coded.outcome !== 'ok') {
          if (coded.outcome === 'wrong') await mail(request, coded.outboxIds);
          const refused = codeRefusal(coded, language);
          return page(refused.message, refused.status === 429 ? 429 : 422);
        }
      }
      const password = String(form.password ?? '');
      const problem = newPasswordProblem(password, form.password_confirmation, user.email, language);
      if (problem) return page(problem);
      const hash = await hashPassword(password);
      const outboxIds = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await endSessions(tx, user.id, { voidPasswordLinks: true });
        return [await queueMail(tx, passwordChangedNotice(user, 'changed'))];
      });
      await mail(request, outboxIds);
      return html(reply, passwordPage({ action: '', done: true }, language));
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
