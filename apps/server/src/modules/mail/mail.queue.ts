import nodemailer, { type Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { whenDatabaseAnswers } from '../../db/unreachable.ts';
import { createQueueOnce, type JobLog } from '../../jobs/job-queue.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { findOutboxMessage, isFirstActiveJob, markKept, markSent, pendingWithoutJob, recordFailure } from './mail.queries.ts';

export const mailQueueName = 'mail';
const singletonKeyPrefix = 'outbox-';

export type MailJob = { outboxId: number };

/** pg-boss retry settings of a mail job: seconds, doubled (with jitter) at each retry when backoff is on. */
export type MailRetry = { retryLimit: number; retryDelay: number; retryBackoff: boolean };

/** Five retries from 30 s, doubling (about a quarter of an hour), for a message the mail server refuses. */
export const mailRetry: MailRetry = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

/**
 * A mail job that has not finished in five minutes expires, and pg-boss runs it again: pg-boss 10
 * does not await its bookkeeping at a job's end, which a database restart just then loses (the
 * job would stay active for pg-boss's default 15 minutes). One SMTP exchange ends well within it.
 */
export const mailJobExpireSeconds = 300;
const smtpTimeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * How often the queue looks for pending messages that no job holds: a message whose retries ran
 * out while the mail server could not be reached waits for the next look, however long it is down.
 */
export const outboxSweepMs = 60_000;

/**
 * Whether an SMTP error says the mail server could not be reached or asked to be tried later (no
 * connection, a socket cut, a timeout, a 4xx answer), rather than that it refused the message.
 */
export function isMailServerAway(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS'].includes(code);
}

export type MailQueueOptions = {
  db: Db;
  log: JobLog;
  /** Unset: no mail leaves the product; messages are kept for the development mailbox. */
  smtpUrl?: string | undefined;
  from: string;
  retry?: MailRetry;
  /** How often pending messages without a job are queued again (outboxSweepMs). */
  sweepEveryMs?: number;
};

export type MailQueue = { mailer: Mailer; stop: () => Promise<void> };

/**
 * The 'mail' queue: one job per outbox message. Starts the worker, then enqueues every message
 * still pending from before (the start-up sweep, then again every `sweepEveryMs`), and returns
 * the mailer that the app hands new messages to after each commit.
 */
export async function startMailQueue(boss: PgBoss, options: MailQueueOptions): Promise<MailQueue> {
  const retry = options.retry ?? mailRetry;
  const transport = options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, ...smtpTimeouts }) : null;
  // 'short': at most one waiting job per message, so a dispatch and a sweep never queue it twice.
  await createQueueOnce(boss, mailQueueName, { name: mailQueueName, policy: 'short' });
  let workerId: string | null = null;
  // One message per job, so that a refused message retries alone; after each one the worker
  // looks again at once instead of waiting for its next poll, so a backlog drains at SMTP speed.
  const wakeWorker = () => {
    if (workerId) boss.notifyWorker(workerId);
  };
  workerId = await boss.work<MailJob>(
    mailQueueName,
    { includeMetadata: true, batchSize: 1 },
    async ([job]) => {
      if (!job) return;
      try {
        // Another instance may be working this message under a job of its own (isFirstActiveJob).
        if (!(await isFirstActiveJob(options.db, mailQueueName, `${singletonKeyPrefix}${job.data.outboxId}`, job.id))) return;
        await deliverOutboxMessage(options.db, job.data.outboxId, {
          transport,
          from: options.from,
          finalAttempt: job.retryCount >= job.retryLimit,
          log: options.log,
        });
      } finally {
        wakeWorker();
      }
    },
  );
  const enqueue = async (outboxIds: number[]) => {
    if (outboxIds.length === 0) return;
    await boss.insert(
      outboxIds.map((outboxId) => ({
        name: mailQueueName,
        data: { outboxId },
        singletonKey: `${singletonKeyPrefix}${outboxId}`,
        expireInSeconds: mailJobExpireSeconds,
        ...retry,
      })),
    );
    // Without this the worker would notice the new job only at its next poll.
    wakeWorker();
  };
  const sweep = async (when: string) => {
    const missed = await pendingWithoutJob(options.db, mailQueueName, singletonKeyPrefix);
    await enqueue(missed);
    if (missed.length > 0) options.log.info(`mail: ${missed.length} pending message(s) queued ${when}`);
  };
  await sweep('at start-up');
  const sweeping = setInterval(() => {
    sweep('again').catch((error: unknown) => options.log.warn({ err: error }, 'mail: the outbox could not be swept'));
  }, options.sweepEveryMs ?? outboxSweepMs);
  sweeping.unref();
  return {
    mailer: { dispatch: enqueue },
    stop: async () => {
      clearInterval(sweeping);
      await boss.offWork(mailQueueName);
      transport?.close();
    },
  };
}

type DeliveryOptions = { transport: Transporter | null; from: string; finalAttempt: boolean; log: JobLog };

/**
 * The Message-ID of an outbox message: the same at every attempt. A server stopped after the mail
 * server took a message and before its row was marked sent sends it again once its job expires;
 * the copy then carries the first one's Message-ID, by which mail servers and clients drop a repeat.
 * The row's creation time keeps ids apart across installations that share a sender's domain.
 */
export function outboxMessageId(message: { id: number; createdAt: Date }, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox-${message.id}-${message.createdAt.getTime()}@${domain}>`;
}

/**
 * Works one outbox message. A message already sent, kept or failed is left as it is, so a job
 * that runs twice sends nothing twice. An SMTP error is recorded and thrown: pg-boss retries; after
 * the last retry a refused message is failed, one the server was not there to take stays pending.
 */
export async function deliverOutboxMessage(
  db: Db,
  outboxId: number,
  { transport, from, finalAttempt, log }: DeliveryOptions,
): Promise<'sent' | 'kept' | 'skipped'> {
  // The database restarting meanwhile is waited for (a minute at most), so that the job's outcome
  // is recorded: a message sent is not sent again because its row could not be marked.
  const message = await whenDatabaseAnswers(() => findOutboxMessage(db, outboxId));
  if (!message || message.status !== 'pending') return 'skipped';
  if (!transport) {
    await whenDatabaseAnswers(() => markKept(db, outboxId));
    return 'kept';
  }
  try {
    await transport.sendMail({
      messageId: outboxMessageId(message, from),
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // A mail server away never fails a message: it stays pending, and the sweep queues it again.
    const final = finalAttempt && !isMailServerAway(error);
    await whenDatabaseAnswers(() => recordFailure(db, outboxId, reason, final));
    log.warn({ outboxId, final }, `mail: sending failed: ${reason}`);
    throw error;
  }
  await whenDatabaseAnswers(() => markSent(db, outboxId));
  return 'sent';
}
