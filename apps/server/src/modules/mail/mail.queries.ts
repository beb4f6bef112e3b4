import type { MailMessage } from '@srs/shared/mail';
import { and, desc, eq, sql } from 'drizzle-orm';
import { welcomePath } from '../../auth/welcome-link.ts';
import { rows } from '../../core/lists.ts';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** The newest messages of the outbox, for the development mailbox. */
export async function listMailbox(db: DbOrTx, limit: number): Promise<MailMessage[]> {
  const found = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return found.map(({ createdAt, sentAt, ...message }) => ({
    ...message,
    created_at: createdAt.toISOString(),
    sent_at: sentAt ? sentAt.toISOString() : null,
  }));
}

export async function findOutboxMessage(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row ?? null;
}

// Every change below applies only to a pending row: a second job for the same message (a retry
// racing the start-up sweep of another instance) cannot undo a final status.
const stillPending = (id: number) => and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'));

/** No mail server: the message stays readable in the development mailbox. */
export async function markKept(db: DbOrTx, id: number): Promise<void> {
  await db.update(mailOutbox).set({ status: 'kept', updatedAt: new Date() }).where(stillPending(id));
}

/**
 * A link to set a password is a key to its account until used: once the message has left (or
 * will never leave), the copy in the outbox keeps the address without the token, so that a copy
 * of the database holds no usable link (only the link's hash is kept in password_tokens).
 */
const withoutLinkTokens = (column: typeof mailOutbox.text | typeof mailOutbox.html) =>
  sql`regexp_replace(${column}, ${`${welcomePath}/[A-Za-z0-9_-]+`}, ${`${welcomePath}/…`}, 'g')`;

export async function markSent(db: DbOrTx, id: number): Promise<void> {
  const now = new Date();
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: now,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      updatedAt: now,
      text: withoutLinkTokens(mailOutbox.text),
      html: withoutLinkTokens(mailOutbox.html),
    })
    .where(stillPending(id));
}

/** A failed attempt; after the last one the message is 'failed' and no job retries it. */
export async function recordFailure(db: DbOrTx, id: number, error: string, final: boolean): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: final ? 'failed' : 'pending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error.slice(0, 2000),
      updatedAt: new Date(),
      ...(final ? { text: withoutLinkTokens(mailOutbox.text), html: withoutLinkTokens(mailOutbox.html) } : {}),
    })
    .where(stillPending(id));
}

/**
 * Pending messages that no job of the queue holds any more: queued by a process without a
 * queue, or whose hand-off was lost in a crash. Messages waiting for a retry are left alone.
 */
export async function pendingWithoutJob(db: DbOrTx, queueName: string, singletonKeyPrefix: string): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db.execute(sql`
      select o.id from mail_outbox o
      where o.status = 'pending'
        and not exists (
          select 1 from pgboss.job j
          where j.name = ${queueName} and j.singleton_key = ${singletonKeyPrefix} || o.id::text
            and j.state in ('created', 'retry', 'active'))
      order by o.id`),
  );
  return found.map((row) => Number(row.id));
}

/**
 * Whether this job is, of the jobs of one message active at this moment, the one that started
 * first. 'short' keeps one job of a message waiting, not one running: a dispatch after a commit
 * and another instance's sweep of the outbox may both reach a worker. The first one works the
 * message; the other has nothing to do (once the first is done, the message is no longer pending).
 */
export async function isFirstActiveJob(db: DbOrTx, queueName: string, singletonKey: string, jobId: string): Promise<boolean> {
  const [first] = await rows<{ id: string }>(
    db.execute(sql`
      select j.id::text as id from pgboss.job j
      where j.name = ${queueName} and j.singleton_key = ${singletonKey} and j.state = 'active'
      order by j.started_on, j.id
      limit 1`),
  );
  return first?.id === jobId;
}
