import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordVersion } from '../core/audit.ts';
import { rows } from '../core/lists.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { dispatchMail, queueMail } from '../modules/mail/public.ts';
import type { App } from '../types.ts';
import { passwordChangedNotice } from './account-notices.ts';
import { endSessions } from './account-sessions.ts';
import { pageLanguage } from './idp-words.ts';
import { newPasswordProblem } from './password-rules.ts';
import { hashPassword } from './password.ts';
import { clearFailures, passwordFailures } from './sign-in-failures.ts';
import { type LinkProblem, linkProblemPage, passwordSetPage, setPasswordPage } from './set-password-pages.ts';
import { hashLinkToken, welcomePath } from './welcome-link.ts';

type Options = { db: Db; rateLimit: { max: number; timeWindow: string } };
type Form = Record<string, string | undefined>;
type Link = {
  id: number;
  user_id: number;
  email: string;
  first_name: string;
  language: string | null;
  had_password: boolean;
  used: boolean;
  expired: boolean;
};

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-language').send(body);

/** A link that cannot set a password, and the language of the page that says so: its user's, when it has one. */
type Refused = { problem: LinkProblem; language: string | null };

async function findLink(db: DbOrTx, token: string, lock = false): Promise<Link | Refused> {
  const [link] = await rows<Link>(
    db.execute(sql`select t.id, t.user_id, u.email, u.first_name, u.language, u.password_hash is not null as had_password,
      t.used_at is not null as used, t.expires_at <= now() as expired
      from password_tokens t join users u on u.id = t.user_id and u.active
      where t.token_hash = ${hashLinkToken(token)} ${lock ? sql`for update of t` : sql``}`),
  );
  if (!link) return { problem: 'unknown', language: null };
  if (link.used) return { problem: 'used', language: link.language };
  if (link.expired) return { problem: 'expired', language: link.language };
  return link;
}

/**
 * The welcome link's page at the built-in provider: set a password once. The secret token in the
 * path is what authorises the form, so a forged cross-site post has nothing to post with.
 */
export async function setPasswordRoutes(app: FastifyInstance, { db, rateLimit }: Options) {
  // The page speaks its user's language (issue 29), else the browser's.
  const languageFor = (request: FastifyRequest, chosen: string | null) => pageLanguage(chosen, request.headers['accept-language']);
  const refusedPage = (request: FastifyRequest, reply: FastifyReply, refused: Refused) =>
    html(reply, linkProblemPage(refused.problem, languageFor(request, refused.language)), 410);
  app.get<{ Params: { token: string } }>(
    `${welcomePath}/:token`,
    { config: { public: true, rateLimit }, schema: { hide: true } },
    async (request, reply) => {
      const link = await findLink(db, request.params.token);
      if ('problem' in link) return refusedPage(request, reply, link);
      return html(reply, setPasswordPage({ action: request.url, email: link.email }, languageFor(request, link.language)));
    },
  );

  app.post<{ Params: { token: string }; Body: Form }>(
    `${welcomePath}/:token`,
    { config: { public: true, rateLimit }, schema: { hide: true } },
    async (request, reply) => {
      const form = request.body ?? {};
      const password = String(form.password ?? '');
      const outcome = await db.transaction(async (tx) => {
        const link = await findLink(tx, request.params.token, true);
        if ('problem' in link) return link;
        const problem = newPasswordProblem(password, form.password_confirmation, link.email, languageFor(request, link.language));
        if (problem) return { link, problem, outboxIds: [] };
        const hash = await hashPassword(password);
        await tx.execute(sql`update users set password_hash = ${hash}, updated_at = now() where id = ${link.user_id}`);
        await tx.execute(sql`update password_tokens set used_at = now() where id = ${link.id}`);
        // A new password ends every session of the old one, and the owner hears of it. The link
        // proved the mailbox: a lock on the email's password sign-in ends too (docs/security.md).
        await endSessions(tx, link.user_id, { voidPasswordLinks: true });
        await clearFailures(tx, passwordFailures, link.email);
        const owner = { email: link.email, firstName: link.first_name, language: link.language };
        const outboxIds = [await queueMail(tx, passwordChangedNotice(owner, link.had_password ? 'changed' : 'set'))];
        // The user acts on their own account; the version says the link was used, never the hash.
        await recordVersion(tx, { userId: link.user_id, scope: noScope(link.user_id) }, {
          itemType: 'PasswordToken',
          itemId: link.id,
          before: { usedAt: null },
          after: { usedAt: new Date().toISOString() },
        });
        return { link, problem: null, outboxIds };
      });
      if (!('link' in outcome)) return refusedPage(request, reply, outcome);
      await dispatchMail(app as App, request.log, outcome.outboxIds);
      const language = languageFor(request, outcome.link.language);
      if (outcome.problem) {
        return html(reply, setPasswordPage({ action: request.url, email: outcome.link.email, error: outcome.problem }, language), 422);
      }
      return html(reply, passwordSetPage(outcome.link.email, language));
    },
  );
}

const noScope = (userId: number) => ({ userId, all: false, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [] });
