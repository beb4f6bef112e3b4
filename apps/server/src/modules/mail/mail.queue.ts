import nodemailer, { type Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { JobLog } from '../../jobs/job-queue.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { findOutboxMessage, markKept, markSent, pendingWithoutJob, recordFailure } from './mail.queries.ts';

export const mailQueueName = 'mail';
const singletonKeyPrefix = 'outbox-';

export type MailJob = { outboxId: number };

/** pg-boss retry settings of a mail job: seconds, doubled (with jitter) at each retry when backoff is on. */
export type MailRetry = { retryLimit: number; retryDelay: number; retryBackoff: boolean };

/** Five retries from 30 s, doubling: a mail server that is down for up to half an hour loses nothing. */
export const mailRetry: MailRetry = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

export type MailQueueOptions = {
  db: Db;
  log: JobLog;
  /** Unset: no mail leaves the product; messages are kept for the development mailbox. */
  smtpUrl?: string | undefined;
  from: string;
  retry?: MailRetry;
};

export type MailQueue = { mailer: Mailer; stop: () => Promise<void> };

/**
 * The 'mail' queue: one job per outbox message. Starts the worker, then enqueues every message
 * still pending from before (the start-up sweep), and returns the mailer that the app hands
 * new messages to after each commit.
 */
export async function startMailQueue(boss: PgBoss, options: MailQueueOptions): Promise<MailQueue> {
  const retry = options.retry ?? mailRetry;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  // 'short': at most one waiting job per message, so a dispatch and a sweep never queue it twice.
  await boss.createQueue(mailQueueName, { name: mailQueueName, policy: 'short' });
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
        ...retry,
      })),
    );
    // Without this the worker would notice the new job only at its next poll.
    wakeWorker();
  };
  const missed = await pendingWithoutJob(options.db, mailQueueName, singletonKeyPrefix);
  await enqueue(missed);
  if (missed.length > 0) options.log.info(`mail: ${missed.length} pending message(s) queued at start-up`);
  return {
    mailer: { dispatch: enqueue },
    stop: async () => {
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
 * that runs twice sends nothing twice. An SMTP error is recorded and thrown: pg-boss retries.
 */
export async function deliverOutboxMessage(
  db: Db,
  outboxId: number,
  { transport, from, finalAttempt, log }: DeliveryOptions,
): Promise<'sent' | 'kept' | 'skipped'> {
  const message = await findOutboxMessage(db, outboxId);
  if (!message || message.status !== 'pending') return 'skipped';
  if (!transport) {
    await markKept(db, outboxId);
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
    await recordFailure(db, outboxId, reason, finalAttempt);
    log.warn({ outboxId, final: finalAttempt }, `mail: sending failed: ${reason}`);
    throw error;
  }
  await markSent(db, outboxId);
  return 'sent';
}
