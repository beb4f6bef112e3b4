import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendances, enrollments, episodeDeliveries, visits } from '../src/db/schema/index.ts';
import { changeEnrollmentRecords } from '../src/modules/enrollments/record-pipeline.ts';
import { actorOfUser } from './support/actor.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createSeminar, versionsOf } from './support/enrollment-factories.ts';
import { createCourse, createNetwork, enroll, type Network, offer } from './support/factories.ts';

/**
 * The write pipeline of an enrollment's records runs the caches and the status rules itself:
 * a piece of work that only writes records gets them without asking.
 */
describe('the record pipeline', () => {
  let t: TestContext;
  let net: Network;
  const db = () => t.database.db;
  const head = async (id: number) => {
    const [row] = await db().select().from(enrollments).where(eq(enrollments.id, id));
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(db());
  });
  afterAll(async () => t.close());

  it('refreshes the follow-up caches after work that only wrote a visit', async () => {
    const { course } = await createCourse(db(), 2);
    await offer(db(), course.id, net.schoolA.id);
    const enrollment = await enroll(db(), net.studentA.id, course.id);
    const actor = await actorOfUser(db(), net.instructorA.id);
    await changeEnrollmentRecords(db(), actor, [enrollment.id], async (changes) => {
      await changes.insert(visits, { enrollmentId: enrollment.id, date: '2026-02-14', visitorId: actor.userId });
    });
    expect((await head(enrollment.id)).cachedLatestFollowupDate).toBe('2026-02-14');
  });

  it('applies the status rules of what changed, with the version naming the actor', async () => {
    const { course, lessons } = await createCourse(db(), 2);
    const enrollment = await enroll(db(), net.studentA.id, course.id);
    const actor = await actorOfUser(db(), net.schoolAdminA.id);
    await changeEnrollmentRecords(db(), actor, [enrollment.id], async (changes) => {
      for (const lesson of lessons) {
        await changes.insert(episodeDeliveries, {
          enrollmentId: enrollment.id,
          episodeId: lesson.id,
          dateSent: '2026-01-02',
          dateCompleted: '2026-01-09',
        });
      }
    });
    const graduated = await head(enrollment.id);
    expect(graduated).toMatchObject({ status: 'Graduated', lessonNumber: 2, lastSentDeliveryDate: '2026-01-02' });
    expect((await versionsOf(db(), 'Enrollment', enrollment.id)).at(-1)).toMatchObject({
      whodunnit: actor.userId,
      objectChanges: { status: ['Enrolled', 'Graduated'] },
    });
  });

  it('leaves a status staff chose in the same change to stand, and the rules to the other enrollments', async () => {
    const { seminar, presentations } = await createSeminar(db(), net.schoolA.id, 1);
    const chosen = await enroll(db(), net.studentA.id, seminar.id, { status: 'Applied' });
    const ruled = await enroll(db(), net.studentA2.id, seminar.id, { status: 'Applied' });
    const actor = await actorOfUser(db(), net.schoolAdminA.id);
    await changeEnrollmentRecords(db(), actor, [chosen.id, ruled.id], async (changes) => {
      const [first] = changes.enrollments;
      await changes.chooseStatus(first!, 'Applied');
      for (const id of [chosen.id, ruled.id]) {
        await changes.insert(attendances, { enrollmentId: id, episodeId: presentations[0]!.id });
      }
    });
    expect((await head(chosen.id)).status).toBe('Applied');
    expect((await head(ruled.id)).status).toBe('Attended');
  });

  it('refuses work on an enrollment out of scope (404) and a record of one it did not lock, writing nothing', async () => {
    const { course } = await createCourse(db(), 1);
    const mine = await enroll(db(), net.studentA.id, course.id);
    const theirs = await enroll(db(), net.studentB.id, course.id);
    const actor = await actorOfUser(db(), net.instructorA.id);
    await expect(changeEnrollmentRecords(db(), actor, [mine.id, theirs.id], async () => 0)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      changeEnrollmentRecords(db(), actor, [mine.id], async (changes) => {
        await changes.insert(visits, { enrollmentId: mine.id, date: '2026-03-01', visitorId: actor.userId });
        await changes.insert(visits, { enrollmentId: theirs.id, date: '2026-03-01', visitorId: actor.userId });
      }),
    ).rejects.toThrow(/not locked/);
    expect(await db().select().from(visits).where(eq(visits.enrollmentId, mine.id))).toEqual([]);
  });
});
