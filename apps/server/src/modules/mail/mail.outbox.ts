import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; kind: string };

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
