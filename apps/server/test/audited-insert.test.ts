import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertManyAudited, itemTypeOf, recordVersions } from '../src/core/audit.ts';
import { insertWithVersionsSql } from '../src/core/audited-insert.ts';
import type { Database } from '../src/db/client.ts';
import { enrollments, episodeDeliveries, students, versions } from '../src/db/schema/index.ts';
import { actorOfUser } from './support/actor.ts';
import { openTestDatabase } from './support/database.ts';
import { createCourse, createNetwork, offer } from './support/factories.ts';

/**
 * insertManyAudited writes the create versions in PostgreSQL (core/audited-insert.ts): each must be
 * exactly the one recordVersions writes from the row as the driver reads it, for every column type
 * of the tables an import writes (numbers, text, days, instants to the millisecond, nulls left out).
 */
describe('many rows with their versions written by the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  /** The versions SQL wrote, and the ones recordVersions writes from the same rows read back. */
  async function bothVersions(table: PgTable & { id: never }, ids: number[], actorId: number) {
    const itemType = itemTypeOf(table);
    const columns = getTableColumns(table) as Record<string, never>;
    const written = await database.db
      .select()
      .from(versions)
      .where(and(eq(versions.itemType, itemType), inArray(versions.itemId, ids)))
      .orderBy(versions.id);
    const read = (await database.db.select().from(table).where(inArray(columns.id!, ids))) as { id: number }[];
    await database.db.transaction(async (tx) => {
      await tx.delete(versions).where(and(eq(versions.itemType, itemType), inArray(versions.itemId, ids)));
      await recordVersions(tx, await actorOfUser(tx, actorId), read.map((row) => ({ itemType, itemId: row.id, before: null, after: row })));
    });
    const expected = await database.db
      .select()
      .from(versions)
      .where(and(eq(versions.itemType, itemType), inArray(versions.itemId, ids)))
      .orderBy(versions.id);
    const shape = (list: typeof written) =>
      list.map((version) => ({
        itemId: version.itemId,
        event: version.event,
        whodunnit: version.whodunnit,
        object: version.object,
        objectChanges: version.objectChanges,
        schoolId: version.schoolId,
      }));
    return { written: shape(written), expected: shape(expected) };
  }

  it('takes the database path for every table an import writes', async () => {
    const actor = { userId: 1 } as never;
    for (const table of [students, enrollments, episodeDeliveries]) {
      const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'id') as never;
      expect(insertWithVersionsSql(table, itemTypeOf(table), actor, columns, [])).not.toBeNull();
    }
  });

  it('writes for students, enrollments and lessons the versions recordVersions would, in the order given', async () => {
    const net = await createNetwork(database.db);
    const { course, lessons } = await createCourse(database.db, 3);
    await offer(database.db, course.id, net.schoolA.id);
    const actor = await actorOfUser(database.db, net.schoolAdminA.id);
    const made = await database.db.transaction(async (tx) => {
      const studentRows = await insertManyAudited(tx, actor, students, [
        { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Ana', lastName: 'Núñez', zipCode: '12345', email: 'ana@example.test', createdById: actor.userId },
        // A different set of columns given: a run of its own.
        { schoolId: net.schoolA.id, firstName: 'Bo', middleName: 'J', lastName: 'Ek', averyLabelPrintedAt: new Date('2026-03-04T05:06:07.891Z') },
        // Text JSON must escape: quotes, a backslash, a line break, a tab, an emoji.
        { schoolId: net.schoolA.id, instructorId: null, firstName: 'Cy', lastName: 'Ode', address: 'Apt "3" \\ rear\nnext\tdoor 🙂', phone: '(555) 010-2000', createdById: actor.userId },
      ]);
      const enrollmentRows = await insertManyAudited(
        tx,
        actor,
        enrollments,
        studentRows.map((student, index) => ({ studentId: student.id, seriesId: course.id, status: 'Enrolled' as const, ...(index === 0 ? { startedOn: '2026-01-05' } : {}) })),
      );
      const lessonRows = await insertManyAudited(tx, actor, episodeDeliveries, [
        { enrollmentId: enrollmentRows[0]!.id, episodeId: lessons[0]!.id, dateSent: '2026-01-05', dateCompleted: '2026-01-20' },
        { enrollmentId: enrollmentRows[0]!.id, episodeId: lessons[1]!.id, dateSent: '2026-01-05', dateCompleted: null },
        { enrollmentId: enrollmentRows[1]!.id, episodeId: lessons[0]!.id, dateSent: null, dateCompleted: null, deliveryType: 'PO' },
      ]);
      return { studentRows, enrollmentRows, lessonRows };
    });
    expect(made.studentRows.map((row) => row.firstName)).toEqual(['Ana', 'Bo', 'Cy']);
    const ids = made.studentRows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const [table, rows] of [
      [students, made.studentRows],
      [enrollments, made.enrollmentRows],
      [episodeDeliveries, made.lessonRows],
    ] as const) {
      const { written, expected } = await bothVersions(table as never, rows.map((row) => row.id), net.schoolAdminA.id);
      expect(written).toHaveLength(3);
      expect(written).toEqual(expected);
      for (const version of written) expect(version.schoolId).toBe(net.schoolA.id);
    }
    const [first] = await bothVersions(students as never, [ids[1]!], net.schoolAdminA.id).then((both) => both.written);
    expect(first!.objectChanges).toMatchObject({ averyLabelPrintedAt: [null, '2026-03-04T05:06:07.891Z'], middleName: [null, 'J'] });
    expect(first!.objectChanges).not.toHaveProperty('email');
    expect(first!.objectChanges).not.toHaveProperty('updatedAt');
  });
});
