import type { MailMessage } from '@srs/shared/mail';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { rows } from '../src/core/lists.ts';
import type { Database } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import { queueMail } from '../src/modules/mail/mail.outbox.ts';
import {
  deliverOutboxMessage,
  type MailQueue,
  mailRetry,
  outboxMessageId,
  startMailQueue,
} from '../src/modules/mail/mail.queue.ts';
import { createTestApp, type TestContext, testEnv } from './support/app.ts';
import { eventually, type RecordedLog, recordingLog, startTestJobQueue } from './support/job-queue.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

const from = 'Student Records System <no-reply@schools.test>';

// One database for the file: the queue's scenarios first, then the mailbox (queue stopped).
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('mail through the job queue', () => {
  let database: Database;
  let queue: JobQueue;
  let log: RecordedLog;
  let running: MailQueue | null = null;

  const outboxRow = async (id: number) => {
    const [row] = await database.db
      .select({
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    return row!;
  };
  const settled = (id: number, status: MailMessage['status']) =>
    eventually(async () => {
      const row = await outboxRow(id);
      return row.status === status ? row : undefined;
    });
  const queued = (to: string, subject = 'Welcome') =>
    database.db.transaction((tx) => queueMail(tx, { to, subject, text: `Hello ${to}`, kind: 'welcome' }));
  /** One mail queue at a time works the 'mail' jobs, as in one server process. */
  const startMail = async (options: { smtpUrl?: string; fastRetries?: boolean } = {}) => {
    await running?.stop();
    running = await startMailQueue(queue.boss, {
      db: database.db,
      log,
      from,
      smtpUrl: options.smtpUrl,
      ...(options.fastRetries ? { retry: { ...mailRetry, retryDelay: 0, retryBackoff: false } } : {}),
    });
    const app = await buildApp({ env: testEnv(), database, logger: false, mailer: running.mailer });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    database = t.database;
    log = recordingLog();
    queue = await startTestJobQueue(database, log);
  });
  afterAll(async () => {
    await running?.stop();
    await queue.stop();
  });

  it('sweeps at start-up the messages left pending, and keeps mail in the outbox without SMTP_URL', async () => {
    // Queued by a process without a queue (an app built with the default mailer).
    const leftPending = await queued('pending@schools.test');
    expect((await outboxRow(leftPending)).status).toBe('pending');
    const app = await startMail();
    expect(await settled(leftPending, 'kept')).toMatchObject({ attempts: 0, sentAt: null });

    const id = await queued('kept@schools.test');
    await app.mailer.dispatch([id]);
    expect(await settled(id, 'kept')).toMatchObject({ attempts: 0, sentAt: null });

    // A second job for a message already kept changes nothing.
    await app.mailer.dispatch([id]);
    await eventually(async () => {
      const [waiting] = await rows<{ count: number }>(
        database.db.execute(
          sql`select count(*)::int as count from pgboss.job where name = 'mail' and state in ('created', 'active')`,
        ),
      );
      return waiting?.count === 0 ? true : undefined;
    });
    expect(await outboxRow(id)).toMatchObject({ status: 'kept', attempts: 0 });
    await app.close();
  });

  it('sends through SMTP_URL from MAIL_FROM and marks the message sent', async () => {
    const sink = await startSmtpSink();
    try {
      const app = await startMail({ smtpUrl: sink.url });
      const id = await queued('sent@schools.test', 'Your new student');
      await app.mailer.dispatch([id]);
      const row = await settled(id, 'sent');
      expect(row.attempts).toBe(1);
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.from).toContain('no-reply@schools.test');
      expect(sink.received[0]!.to).toEqual(['<sent@schools.test>']);
      expect(sink.received[0]!.data).toContain('Subject: Your new student');
      expect(sink.received[0]!.data).toContain('Hello sent@schools.test');
      // The job carries the product's retry policy.
      const [job] = await rows<{ retry_limit: number; retry_backoff: boolean }>(
        database.db.execute(sql`
          select retry_limit, retry_backoff from pgboss.job
          where name = 'mail' and singleton_key = ${`outbox-${id}`}`),
      );
      expect(job).toEqual({ retry_limit: 5, retry_backoff: true });
      await app.close();
    } finally {
      await sink.close();
    }
  });

  it('sends a message again after a stop before it was marked sent with the same Message-ID (issue 26)', async () => {
    const sink = await startSmtpSink();
    const transport = nodemailer.createTransport(sink.url);
    try {
      const id = await queued('twice@schools.test', 'Your new student');
      const deliver = () => deliverOutboxMessage(database.db, id, { transport, from, finalAttempt: false, log });
      expect(await deliver()).toBe('sent');
      // The server stopped after the mail server took it and before its row said so.
      await database.db.update(mailOutbox).set({ status: 'pending' }).where(eq(mailOutbox.id, id));
      expect(await deliver()).toBe('sent');
      const [row] = await database.db.select({ createdAt: mailOutbox.createdAt }).from(mailOutbox).where(eq(mailOutbox.id, id));
      const expected = outboxMessageId({ id, createdAt: row!.createdAt }, from);
      expect(expected).toMatch(/^<outbox-\d+-\d+@schools\.test>$/);
      const messageIds = sink.received.map((mail) => /^Message-ID: (.*)$/im.exec(mail.data)?.[1]);
      expect(messageIds).toEqual([expected, expected]);
    } finally {
      transport.close();
      await sink.close();
    }
  });

  it('keeps a sent link to set a password without its token: the outbox holds no usable link (issue 24)', async () => {
    const sink = await startSmtpSink();
    try {
      const app = await startMail({ smtpUrl: sink.url });
      const link = 'http://localhost:3000/idp/welcome/AbC-123_xyzTOKEN';
      const id = await database.db.transaction((tx) =>
        queueMail(tx, { to: 'link@schools.test', subject: 'Welcome', text: `Set your password: ${link}\nThanks`, kind: 'welcome' }),
      );
      await app.mailer.dispatch([id]);
      await settled(id, 'sent');
      expect(sink.received[0]!.data).toContain('AbC-123_xyzTOKEN');
      const [kept] = await database.db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(kept!.text).toBe('Set your password: http://localhost:3000/idp/welcome/…\nThanks');
      await app.close();
    } finally {
      await sink.close();
    }
  });

  it('retries a message the mail server refuses, then marks it failed with the error', async () => {
    const sink = await startSmtpSink({ reject: true });
    try {
      const app = await startMail({ smtpUrl: sink.url, fastRetries: true });
      const id = await queued('refused@schools.test');
      await app.mailer.dispatch([id]);
      const row = await settled(id, 'failed');
      // The first attempt and five retries.
      expect(row.attempts).toBe(mailRetry.retryLimit + 1);
      expect(sink.connections()).toBe(mailRetry.retryLimit + 1);
      expect(row.lastError).toContain('mailbox unavailable');
      expect(row.sentAt).toBeNull();
      expect(sink.received).toHaveLength(0);
      await app.close();
    } finally {
      await sink.close();
    }
  });

  it('stops the queue cleanly', async () => {
    await running?.stop();
    running = null;
    let stopped = false;
    queue.boss.once('stopped', () => {
      stopped = true;
    });
    await queue.stop();
    expect(stopped).toBe(true);
    expect(log.errors).toEqual([]);
  });
});

describe('GET /api/dev/mailbox', () => {
  it('answers 401 when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to every role but global admin', async () => {
    for (const email of ['conference.admin@demo.test', 'school.admin@demo.test', 'instructor@demo.test']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        headers: await t.headersFor(email),
      });
      expect(response.statusCode, email).toBe(403);
    }
  });

  it('lists the newest 200 messages, newest first', async () => {
    // After the messages the queue scenarios left, whatever the clock says.
    const start = Date.now() + 86_400_000;
    await t.database.db.insert(mailOutbox).values(
      Array.from({ length: 205 }, (_, i) => ({
        to: `person${i}@schools.test`,
        subject: `Message ${i}`,
        text: `Body ${i}`,
        kind: 'welcome',
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: await t.headersFor('global.admin@demo.test'),
    });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json() as { messages: MailMessage[] };
    expect(messages).toHaveLength(200);
    const ours = messages.filter((message) => message.subject.startsWith('Message '));
    expect(ours[0]).toMatchObject({
      subject: 'Message 204',
      to: 'person204@schools.test',
      text: 'Body 204',
      kind: 'welcome',
      status: 'pending',
      attempts: 0,
      created_at: new Date(start + 204 * 60_000).toISOString(),
      sent_at: null,
    });
    const created = messages.map((message) => message.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(ours).toHaveLength(200);
    expect(ours.at(-1)?.subject).toBe('Message 5');
  });

  it('answers 404 when SMTP_URL is set: the outbox is then a queue, not a mailbox', async () => {
    const withSmtp = await buildApp({
      env: testEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }),
      database: t.database,
      logger: false,
    });
    try {
      const response = await withSmtp.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        headers: await t.headersFor('global.admin@demo.test'),
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });
});
