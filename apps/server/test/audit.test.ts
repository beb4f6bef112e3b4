import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordVersion } from '../src/core/audit.ts';
import { students, versions } from '../src/db/schema/index.ts';
import { actorOfUser } from './support/actor.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createNetwork } from './support/factories.ts';

describe('the audit trail', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('writes who, when, the record and each changed field before and after, in the same transaction', async () => {
    const net = await createNetwork(t.database.db);
    await t.database.db.transaction(async (tx) => {
      const [before] = await tx.select().from(students).where(eq(students.id, net.studentA.id));
      const [after] = await tx
        .update(students)
        .set({ city: 'Shelbyville' })
        .where(eq(students.id, net.studentA.id))
        .returning();
      await recordVersion(tx, await actorOfUser(tx, net.schoolAdminA.id), {
        itemType: 'Student',
        itemId: net.studentA.id,
        before: before!,
        after: after!,
      });
    });
    const [version] = await t.database.db.select().from(versions).where(eq(versions.itemId, net.studentA.id));
    expect(version).toMatchObject({ itemType: 'Student', event: 'update', whodunnit: net.schoolAdminA.id });
    expect(version?.objectChanges).toEqual({ city: ['Springfield', 'Shelbyville'] });
    expect(version?.object).toMatchObject({ firstName: 'Zebulon', city: 'Springfield' });
  });

  it('leaves no version when the change is rolled back', async () => {
    const net = await createNetwork(t.database.db);
    await expect(
      t.database.db.transaction(async (tx) => {
        const [before] = await tx.select().from(students).where(eq(students.id, net.studentB.id));
        await tx.delete(students).where(eq(students.id, net.studentB.id));
        await recordVersion(tx, await actorOfUser(tx, net.instructorB.id), {
          itemType: 'Student',
          itemId: net.studentB.id,
          before: before!,
          after: null,
        });
        throw new Error('save failed');
      }),
    ).rejects.toThrow('save failed');
    expect(await t.database.db.select().from(versions).where(eq(versions.itemId, net.studentB.id))).toEqual([]);
    expect(
      await t.database.db.select({ id: students.id }).from(students).where(eq(students.id, net.studentB.id)),
    ).toHaveLength(1);
  });

  it('records a destroy with the whole record, so that it can be restored', async () => {
    const net = await createNetwork(t.database.db);
    await t.database.db.transaction(async (tx) => {
      const [before] = await tx.delete(students).where(eq(students.id, net.studentA2.id)).returning();
      await recordVersion(tx, await actorOfUser(tx, net.globalAdmin.id), {
        itemType: 'Student',
        itemId: net.studentA2.id,
        before: before!,
        after: null,
      });
    });
    const [version] = await t.database.db.select().from(versions).where(eq(versions.itemId, net.studentA2.id));
    expect(version?.event).toBe('destroy');
    expect(version?.object).toMatchObject({ firstName: 'Xanthe', lastName: 'Quartermain' });
  });
});
