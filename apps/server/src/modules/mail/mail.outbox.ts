import { type NoticeKind, receivesNotice } from '@srs/shared/account';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox, userSettings, users } from '../../db/schema/index.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; kind: string };
/** A message of a kind its recipient may turn off (packages/shared/src/account.ts). */
export type Notice = OutgoingMail & { kind: NoticeKind };

/**
 * Puts a message in the outbox inside the caller's transaction, so that mail exists exactly when
 * the change that caused it does (DOMAIN.md, Email). After the commit, hand the id to
 * `app.mailer.dispatch(ids)`: the job queue then sends it (or keeps it when no SMTP server is set).
 */
export async function queueMail(tx: DbOrTx, message: OutgoingMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...message, html: message.html ?? null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * A notice a user may choose not to receive (/account/settings): put in the outbox like any
 * message, unless the user it is addressed to said they do not want this kind; then null.
 */
export async function queueNotice(tx: DbOrTx, message: Notice): Promise<number | null> {
  const [recipient] = await tx
    .select({ preferences: userSettings.emailPreferences })
    .from(users)
    .innerJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(sql`lower(${users.email})`, message.to.toLowerCase()));
  if (recipient && !receivesNotice(recipient.preferences, message.kind)) return null;
  return queueMail(tx, message);
}
