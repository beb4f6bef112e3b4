import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/core/lists.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import { queueMail } from '../src/modules/mail/mail.outbox.ts';
import { isMailServerAway, mailJobExpireSeconds, type MailQueue, startMailQueue } from '../src/modules/mail/mail.queue.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { eventually, type RecordedLog, recordingLog, startTestJobQueue } from './support/job-queue.ts';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.ts';

/**
 * The mail server down (issue 26): messages wait in the outbox for as long as it is away, past
 * their retries, and leave once each when it is back.
 */
describe('mail while the mail server is down', () => {
  let t: TestContext;
  let queue: JobQueue;
  let log: RecordedLog;
  let mail: MailQueue | null = null;
  let sink: SmtpSink | null = null;

  beforeAll(async () => {
    t = await createTestApp();
    log = recordingLog();
    queue = await startTestJobQueue(t.database, log);
  });
  afterAll(async () => {
    await mail?.stop();
    await queue?.stop();
    await sink?.close();
    await t?.close();
  });

  const outbox = (ids: number[]) =>
    t.database.db
      .select({ id: mailOutbox.id, to: mailOutbox.to, status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids));

  it('keeps the messages pending past their retries, then sends each once when the server is back', async () => {
    // A port that was a mail server's and is closed now: every attempt is refused a connection.
    const stopped = await startSmtpSink();
    const port = Number(new URL(stopped.url).port);
    await stopped.close();
    mail = await startMailQueue(queue.boss, {
      db: t.database.db,
      log,
      from: 'Student Records System <no-reply@schools.test>',
      smtpUrl: stopped.url,
      // No retry: the first attempt is the last one; a sweep every 200 ms in place of every minute.
      retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
      sweepEveryMs: 200,
    });
    const recipients = ['one@schools.test', 'two@schools.test'];
    const ids = await t.database.db.transaction(async (tx) => {
      const queued: number[] = [];
      for (const to of recipients) queued.push(await queueMail(tx, { to, subject: 'Welcome', text: `Hello ${to}`, kind: 'welcome' }));
      return queued;
    });
    await mail.mailer.dispatch(ids);
    // More attempts than the retries allow: the sweep queued them again, and none was failed.
    const waiting = await eventually(async () => {
      const found = await outbox(ids);
      return found.every((row) => row.attempts > 1) ? found : undefined;
    });
    expect(waiting.map((row) => row.status)).toEqual(['pending', 'pending']);
    // A job whose end pg-boss could not record (the database restarting) is run again in minutes, not 15.
    const [job] = await rows<{ seconds: number }>(
      t.database.db.execute(sql`select extract(epoch from expire_in)::int as seconds from pgboss.job
        where name = 'mail' and singleton_key = ${`outbox-${ids[0]}`} limit 1`),
    );
    expect(job?.seconds).toBe(mailJobExpireSeconds);

    sink = await startSmtpSink({ port });
    const sent = await eventually(async () => {
      const found = await outbox(ids);
      return found.every((row) => row.status === 'sent') ? found : undefined;
    });
    expect(sent).toHaveLength(2);
    // One delivery per message, even with jobs of the sweep and of the retries about.
    await queue.boss.offWork('mail');
    expect(sink.received.flatMap((message) => message.to).sort()).toEqual(recipients.map((to) => `<${to}>`).sort());
    expect(log.errors).toEqual([]);
  });

  it('tells a server away from a refusal', () => {
    expect(isMailServerAway(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(true);
    expect(isMailServerAway(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }))).toBe(true);
    expect(isMailServerAway(Object.assign(new Error('421 try later'), { code: 'EENVELOPE', responseCode: 421 }))).toBe(true);
    expect(isMailServerAway(Object.assign(new Error('550 mailbox unavailable'), { code: 'EENVELOPE', responseCode: 550 }))).toBe(false);
    expect(isMailServerAway(new Error('something else'))).toBe(false);
  });
});
