import { idempotencyKeyHeader, idempotencyMessages, replayedHeader } from '@srs/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forget, purgeIdempotentWrites } from '../src/core/idempotent-writes.ts';
import { fingerprintOf, withFilesHashed } from '../src/plugins/idempotency.ts';
import { episodeDeliveries, idempotentWrites, visits } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createInstructorWithPassword, createNetwork, enroll, type Network, offer } from './support/factories.ts';

/** One write, once (issue 25, docs/decisions/020): a repeated key answers the first answer and writes nothing. */
describe('Idempotency-Key on writes', () => {
  let t: TestContext;
  let net: Network;
  let enrollmentId: number;
  let courseId: number;
  let firstLessonId: number;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(t.database.db);
    const { course, lessons } = await createCourse(t.database.db, 3);
    courseId = course.id;
    firstLessonId = lessons[0]!.id;
    await offer(t.database.db, course.id, net.schoolA.id);
  });
  beforeEach(async () => {
    await t.database.exec(`delete from enrollments where student_id = ${net.studentA.id}; delete from idempotent_writes`);
    enrollmentId = (await enroll(t.database.db, net.studentA.id, courseId)).id;
  });
  afterAll(async () => t.close());

  const visitBody = (date = '2026-11-20') => ({ visits_attributes: [{ date, notes_attributes: [{ type: 'Note', text: 'Came by' }] }] });
  const putVisit = async (key: string | null, body: unknown = visitBody(), email = net.instructorA.email) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/enrollments/${enrollmentId}`,
      headers: { ...(await t.headersFor(email)), ...(key === null ? {} : { [idempotencyKeyHeader]: key }) },
      payload: body as object,
    });
  const visitCount = async () => (await t.database.db.select().from(visits).where(eq(visits.enrollmentId, enrollmentId))).length;

  it('a repeat with the same key answers the first answer, marked as replayed, and adds no second visit', async () => {
    const first = await putVisit('visit-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers[replayedHeader.toLowerCase()]).toBeUndefined();
    const again = await putVisit('visit-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers[replayedHeader.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await visitCount()).toBe(1);
  });

  it('a lesson and a visit kept on a phone (issue 30), sent again after their answers were lost, are made once each', async () => {
    const lesson = {
      episode_deliveries_attributes: [{ episode_id: firstLessonId, date_sent: '2026-11-20', date_completed: '2026-11-28', delivery_type: 'PD' }],
    };
    // The first copies arrive and are made; their answers never reach the phone.
    expect((await putVisit('phone-lesson', lesson)).statusCode).toBe(200);
    expect((await putVisit('phone-visit')).statusCode).toBe(200);
    // Back online, the phone sends its queue again in order, with the keys it kept.
    const lessonAgain = await putVisit('phone-lesson', lesson);
    const visitAgain = await putVisit('phone-visit');
    expect([lessonAgain.statusCode, visitAgain.statusCode]).toEqual([200, 200]);
    expect(lessonAgain.headers[replayedHeader.toLowerCase()]).toBe('true');
    expect(visitAgain.headers[replayedHeader.toLowerCase()]).toBe('true');
    const deliveries = await t.database.db.select().from(episodeDeliveries).where(eq(episodeDeliveries.enrollmentId, enrollmentId));
    expect(deliveries).toHaveLength(1);
    expect(await visitCount()).toBe(1);
  });

  it('a double click (two requests at once with one key) makes one visit, and both are told the same', async () => {
    const [a, b] = await Promise.all([putVisit('double'), putVisit('double')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await visitCount()).toBe(1);
  });

  it('different keys are different writes: the key decides, not the body', async () => {
    await putVisit('one');
    await putVisit('two');
    expect(await visitCount()).toBe(2);
    // Without a key, as before: every request writes.
    await putVisit(null);
    expect(await visitCount()).toBe(3);
  });

  it('the same key for another body is a 422 naming the header, and writes nothing', async () => {
    await putVisit('reused');
    const other = await putVisit('reused', visitBody('2026-11-21'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ [idempotencyKeyHeader]: [idempotencyMessages.usedForAnother] });
    expect(await visitCount()).toBe(1);
  });

  it('a key that is not printable, or too long, is a 422; a refused write keeps no key, so its correction is saved', async () => {
    for (const bad of ['has space', 'x'.repeat(201), 'é']) {
      const response = await putVisit(bad);
      expect(response.statusCode, bad).toBe(422);
      expect(Object.keys(response.json())).toEqual([idempotencyKeyHeader]);
    }
    const refused = await putVisit('refused', { visits_attributes: [{ date: null }] });
    expect(refused.statusCode).toBe(422);
    expect(await visitCount()).toBe(0);
    const corrected = await putVisit('refused');
    expect(corrected.statusCode).toBe(200);
    expect(corrected.headers[replayedHeader.toLowerCase()]).toBeUndefined();
    expect(await visitCount()).toBe(1);
  });

  it('keys are per user and per route: another user or another route with the same key writes its own', async () => {
    await putVisit('shared-key');
    const admin = await putVisit('shared-key', visitBody(), net.schoolAdminA.email);
    expect(admin.statusCode).toBe(200);
    expect(admin.headers[replayedHeader.toLowerCase()]).toBeUndefined();
    expect(await visitCount()).toBe(2);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/students/${net.studentA.id}/notes`,
      headers: { ...(await t.headersFor(net.instructorA.email)), [idempotencyKeyHeader]: 'shared-key' },
      payload: { type: 'Note', text: 'Hello' },
    });
    expect(note.headers[replayedHeader.toLowerCase()]).toBeUndefined();
  });

  it('a claim left without an answer by a server that stopped is taken over after ten minutes', async () => {
    const user = net.instructorA.id;
    const route = 'PUT /api/enrollments/:id';
    await t.database.db.execute(
      sql`insert into idempotent_writes (user_id, route, key, fingerprint, created_at)
        values (${user}, ${route}, 'stopped', 'whatever', now() - interval '11 minutes')`,
    );
    const response = await putVisit('stopped');
    expect(response.statusCode).toBe(200);
    expect(response.headers[replayedHeader.toLowerCase()]).toBeUndefined();
    expect(await visitCount()).toBe(1);
  });

  it("the write's transaction marks its claim written: committed together, so a retry knows it was made", async () => {
    await putVisit('marked');
    const [row] = await t.database.db.select().from(idempotentWrites).where(eq(idempotentWrites.key, 'marked'));
    expect(row?.writtenAt).toBeInstanceOf(Date);
    // The server stopped between the commit and keeping the answer: the claim has no answer.
    await t.database.db.execute(
      sql`update idempotent_writes set status_code = null, body = null, content_type = null,
        created_at = now() - interval '11 minutes' where key = 'marked'`,
    );
    const retry = await putVisit('marked');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ error: idempotencyMessages.alreadyMade });
    expect(await visitCount()).toBe(1);
    // Told at once when the claim is older than a first request's wait, not after ten minutes.
    await t.database.db.execute(sql`update idempotent_writes set created_at = now() - interval '20 seconds' where key = 'marked'`);
    const soon = await putVisit('marked');
    expect(soon.statusCode).toBe(409);
    expect(await visitCount()).toBe(1);
  });

  it('a write that failed (5xx) after its transaction committed keeps its key, answered "already done"; a refusal frees it', async () => {
    const owner = { userId: net.instructorA.id, route: 'PUT /api/enrollments/:id', key: 'failed-late' };
    await t.database.db.execute(
      sql`insert into idempotent_writes (user_id, route, key, fingerprint, written_at)
        values (${owner.userId}, ${owner.route}, ${owner.key}, 'whatever', now())`,
    );
    await forget(t.database.db, owner, { refused: false });
    const [row] = await t.database.db.select().from(idempotentWrites).where(eq(idempotentWrites.key, owner.key));
    expect(row?.statusCode).toBe(409);
    // A refusal made nothing, whatever bookkeeping committed before it.
    await forget(t.database.db, owner, { refused: true });
    expect(await t.database.db.select().from(idempotentWrites).where(eq(idempotentWrites.key, owner.key))).toEqual([]);
    await t.database.db.execute(
      sql`insert into idempotent_writes (user_id, route, key, fingerprint) values (${owner.userId}, ${owner.route}, ${owner.key}, 'whatever')`,
    );
    await forget(t.database.db, owner, { refused: false });
    expect(await t.database.db.select().from(idempotentWrites).where(eq(idempotentWrites.key, owner.key))).toEqual([]);
  });

  it('a picture in a form is fingerprinted by its hash: the same picture is the same request, another is not', () => {
    const form = (bytes: Buffer) => ({ method: 'POST', url: '/api/users/current/picture', body: { kind: 'profile', file: bytes } });
    const photo = Buffer.alloc(5 * 1024 * 1024, 7);
    expect(fingerprintOf(form(photo))).toBe(fingerprintOf(form(Buffer.from(photo))));
    expect(fingerprintOf(form(photo))).not.toBe(fingerprintOf(form(Buffer.alloc(5 * 1024 * 1024, 8))));
    // The file stands as its hash in what is hashed, not as five million numbers.
    expect(JSON.stringify(withFilesHashed(form(photo).body)).length).toBeLessThan(200);
  });

  it('a second factor secret is never kept: its route ignores the key', async () => {
    // The second factor is the built-in sign-in's: an account with a password.
    const owner = await createInstructorWithPassword(t.database.db, 'a long enough passphrase');
    const start = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/current/mfa',
        headers: { ...(await t.headersFor(owner.email)), [idempotencyKeyHeader]: 'mfa' },
      });
    const first = await start();
    const second = await start();
    expect(first.statusCode).toBe(200);
    expect(second.json()).not.toEqual(first.json());
    expect(await t.database.db.select().from(idempotentWrites)).toEqual([]);
  });

  it('answers are kept a day, the keys of writes made 30 days: a phone sending again days later makes nothing twice', async () => {
    await putVisit('days-ago');
    await t.database.db.execute(sql`update idempotent_writes set created_at = now() - interval '3 days'`);
    // A claim of nothing made (its server stopped before the write), two days old.
    await t.database.db.insert(idempotentWrites).values({ userId: net.instructorA.id, route: 'PUT /x', key: 'never-made', fingerprint: 'f' });
    await t.database.db.execute(sql`update idempotent_writes set created_at = now() - interval '2 days' where key = 'never-made'`);
    await putVisit('fresh');
    await purgeIdempotentWrites(t.database.db);
    const rows = await t.database.db.select().from(idempotentWrites);
    expect(rows.map((row) => row.key).sort()).toEqual(['days-ago', 'fresh']);
    // The answer of three days ago is gone; the key still says it was done.
    expect(rows.find((row) => row.key === 'days-ago')).toMatchObject({ statusCode: 409 });
    const again = await putVisit('days-ago');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: idempotencyMessages.alreadyMade });
    expect(await visitCount()).toBe(2);

    await t.database.db.execute(sql`update idempotent_writes set created_at = now() - interval '31 days' where key = 'days-ago'`);
    await purgeIdempotentWrites(t.database.db);
    expect((await t.database.db.select().from(idempotentWrites)).map((row) => row.key)).toEqual(['fresh']);
  });
});
