import { idempotencyKeyHeader } from '@srs/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { rows } from '../src/core/lists.ts';
import { mailOutbox, visits } from '../src/db/schema/index.ts';
import { createQueueOnce, type JobQueue } from '../src/jobs/job-queue.ts';
import { queueMail } from '../src/modules/mail/mail.outbox.ts';
import { type MailQueue, startMailQueue } from '../src/modules/mail/mail.queue.ts';
import type { App } from '../src/types.ts';
import { createTestApp, type TestContext, testEnv } from './support/app.ts';
import { InjectBrowser, openSignInForm } from './support/browser.ts';
import { createCourse, createInstructorWithPassword, createNetwork, enroll, type Network, offer } from './support/factories.ts';
import { eventually, type RecordedLog, recordingLog, startTestJobQueue } from './support/job-queue.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

/**
 * Two server instances on one database (issue 26): whatever one counted, kept or sent, the other
 * holds to at once. A token signed out, a user deactivated or a role taken away on one instance is
 * refused by the other at its very next call: session-cache.test.ts proves it (and auth.test.ts a
 * sign-in begun on one instance and ended on the other); this file proves the limits, one write
 * once and the mail queue. `npm run drill:two-instances` runs the end-to-end journeys through two
 * production servers behind one round-robin address.
 */
const overrides = { RATE_LIMIT_SIGN_IN: '4', RATE_LIMIT_INTAKE: '4', FEATURE_INTEREST_TRACKING: 'true' };
const password = 'a-long-password-1';

describe('two instances on one database', () => {
  let t: TestContext;
  let other: App;
  let net: Network;
  /** The first instance for even-numbered requests, the other for odd ones: a round-robin proxy. */
  const instance = (i: number) => (i % 2 === 0 ? t.app : other);

  beforeAll(async () => {
    t = await createTestApp(overrides);
    other = await buildApp({ env: testEnv(overrides), database: t.database, logger: false });
    await other.ready();
    net = await createNetwork(t.database.db);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('counts sign-in attempts per address on both: the limit reached across them holds on each', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const page = await instance(i).inject({
        method: 'POST',
        url: '/idp/password',
        remoteAddress: '203.0.113.40',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: `nobody-${i}@test.example`, current_password: 'x' }).toString(),
      });
      statuses.push(page.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
  });

  it('locks an email after five wrong passwords tried on either, even for the right one on both', async () => {
    const user = await createInstructorWithPassword(t.database.db, password);
    /** A sign-in form opened on one instance and posted to the next, from an address of its own. */
    const attempt = async (i: number, secret: string) => {
      const browser = new InjectBrowser(instance(i), `192.0.2.${60 + i}`);
      const { action } = await openSignInForm(browser);
      browser.app = instance(i + 1);
      return (await browser.request('POST', action!, { email: user.email, password: secret })).statusCode;
    };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await attempt(i, `guess-${i}`));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect([await attempt(5, password), await attempt(6, password)]).toEqual([429, 429]);
  });

  it("counts an API key's posts on both: the fifth in a minute is refused whichever instance gets it", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api_keys',
      headers: await t.headersFor(net.globalAdmin.email),
      payload: { name: 'Church website' },
    });
    const { key } = created.json() as { key: string };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const posted = await instance(i).inject({
        method: 'POST',
        url: '/api/public/interests',
        headers: { authorization: `Bearer ${key}` },
        remoteAddress: '203.0.113.41',
        payload: { external_id: `two-${i}`, first_name: 'Lydia', last_name: 'Purple', email: 'lydia@example.org', city: 'Thyatira', zip_code: '62701' },
      });
      statuses.push(posted.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('applies a write sent with one Idempotency-Key to both at once only once, and both tell the same', async () => {
    const { course } = await createCourse(t.database.db, 2);
    await offer(t.database.db, course.id, net.schoolA.id);
    const enrollment = await enroll(t.database.db, net.studentA.id, course.id);
    const headers = { ...(await t.headersFor(net.instructorA.email)), [idempotencyKeyHeader]: 'both-at-once' };
    const put = (app: App) =>
      app.inject({
        method: 'PUT',
        url: `/api/enrollments/${enrollment.id}`,
        headers,
        payload: { visits_attributes: [{ date: '2026-11-20', notes_attributes: [{ type: 'Note', text: 'Came by' }] }] },
      });
    const [a, b] = await Promise.all([put(t.app), put(other)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await t.database.db.select().from(visits).where(eq(visits.enrollmentId, enrollment.id))).toHaveLength(1);
  });

  describe('two mail queues (a pg-boss worker in each instance)', () => {
    const messages = 6;
    let queues: JobQueue[] = [];
    let mail: MailQueue[] = [];
    let log: RecordedLog;
    /** Mail jobs waiting or being worked, and messages not yet sent: none once both queues are done. */
    const unfinished = async () => {
      const [left] = await rows<{ jobs: number; active: number; pending: number }>(
        t.database.db.execute(sql`
          select (select count(*) from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active'))::int as jobs,
            (select count(*) from pgboss.job where name = 'mail' and state = 'active')::int as active,
            (select count(*) from ${mailOutbox} where status = 'pending')::int as pending`),
      );
      return left!;
    };

    beforeAll(async () => {
      log = recordingLog();
      queues = [await startTestJobQueue(t.database, log), await startTestJobQueue(t.database, log)];
    });
    afterAll(async () => {
      for (const queue of mail) await queue.stop();
      for (const queue of queues) await queue.stop();
    });

    it('both create a queue at once without either failing its start (PostgreSQL may deadlock them)', async () => {
      for (let round = 0; round < 4; round += 1) {
        const name = `both-at-once-${Date.now()}-${round}`;
        await Promise.all(queues.map((queue) => createQueueOnce(queue.boss, name, { name, policy: 'short' })));
        expect(await queues[0]!.boss.getQueue(name)).toMatchObject({ name });
        await queues[0]!.boss.deleteQueue(name);
      }
    });

    it('send each message exactly once, though the other is handed it while one is sending it', async () => {
      // A slow mail server: each message is being sent for a while, long enough for the other's job.
      const sink = await startSmtpSink({ acceptAfterMs: 400 });
      try {
        const from = 'Student Records System <no-reply@schools.test>';
        // Both start at once, each sweeping the outbox for pending messages (a notice queued above).
        mail = await Promise.all(queues.map((queue) => startMailQueue(queue.boss, { db: t.database.db, log, from, smtpUrl: sink.url })));
        const ids: number[] = [];
        for (let i = 0; i < messages; i += 1) {
          ids.push(await queueMail(t.database.db, { to: `once-${i}@schools.test`, subject: 'Once', text: `Message ${i}`, kind: 'welcome' }));
        }
        // A dispatch after the commit on one instance; while it is sending, a sweep on the other.
        await mail[0]!.mailer.dispatch(ids);
        await eventually(async () => ((await unfinished()).active > 0 ? true : undefined));
        await mail[1]!.mailer.dispatch(ids);
        await eventually(async () => {
          const left = await unfinished();
          return left.jobs + left.pending === 0 ? true : undefined;
        }, 20_000);
        // Every message of the outbox, these and the notice, was sent, and received once.
        const sent = await t.database.db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
        expect(sent.map((row) => row.to)).toEqual(expect.arrayContaining(ids.map((_, i) => `once-${i}@schools.test`)));
        const received = sink.received.flatMap((message) => message.to).sort();
        expect(received).toEqual(sent.map((row) => `<${row.to}>`).sort());
        expect(log.errors).toEqual([]);
      } finally {
        await sink.close();
      }
    });
  });
});
