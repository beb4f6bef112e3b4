import { enrollments, episodeDeliveries, students } from '../src/db/schema/index.ts';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, offer } from './support/factories.ts';
import { expectDerivedDataAsTheTriggersKeepIt, expectRecordsPointAsDefined } from './support/kept-values.ts';
import { createStaffedSchool } from './support/student-factories.ts';

/**
 * The apply writes its rows, versions and statuses in a few set-based statements per 2,000 rows
 * (issue 27, Scale): what it leaves must be what one write at a time left. Every kept value is its
 * definition, every record's create version is the record as it was written (an enrollment with
 * its final status and caches), and the enrollments'
 * caches are what their definition (the query before the import's rewrite of it) gives.
 */

type Made = { students: number[]; enrollments: number[]; lessons: number[] };

/** The caches as enrollment-caches.ts worked them out before one pass over each enrollment's lessons. */
const cachesByDefinition = `
  select e.id,
    coalesce((select max(ep.position) from episode_deliveries d join episodes ep on ep.id = d.episode_id
      where d.enrollment_id = e.id and d.date_sent is not null), 0) as lesson_number,
    (select max(d.date_sent) from episode_deliveries d where d.enrollment_id = e.id)::text as last_sent,
    greatest(
      (select max(greatest(d.date_sent, d.date_completed)) from episode_deliveries d where d.enrollment_id = e.id),
      (select max(v.date) from visits v where v.enrollment_id = e.id),
      (select max(coalesce(ep.date, a.created_at::date)) from attendances a join episodes ep on ep.id = a.episode_id
        where a.enrollment_id = e.id),
      (select max(n.created_at)::date from notes n where n.cached_enrollment_id = e.id))::text as latest
  from enrollments e order by e.id`;
const cachesKept = `select id, lesson_number, last_sent_delivery_date::text as last_sent, cached_latest_followup_date::text as latest
  from enrollments order by id`;

/** A created record's version as core/audit.ts words it: each field set, from null to its value. */
function createdChanges(row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key, value]) => value !== null && key !== 'updatedAt')
      .map(([key, value]) => [key, [null, value instanceof Date ? value.toISOString() : value]]),
  );
}

describe('student import apply (issue 27, Scale): the same records, versions and kept values as one write at a time', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  let schoolId: number;
  let courseName: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_IMPORTS: '1000' });
    const db = t.database.db;
    const { school, head } = await createStaffedSchool(db, { schoolCode: 'KEPT' });
    schoolId = school.id;
    admin = await t.headersFor(head.email);
    const { course } = await createCourse(db, 4, { name: 'Kept Hope' });
    courseName = course.name;
    await offer(db, course.id, school.id);
    await createStudent(db, { schoolId, firstName: 'Ana', lastName: 'Known', email: 'ana@kept.example' });
  });
  afterAll(async () => t.close());

  it('keeps every count and cache, one create version per record as written, and chosen or ruled statuses with theirs', async () => {
    const file = [
      'First Name,Last Name,Address,City,State,Zip Code,E-mail,Course,Status,Last lesson sent,Last lesson sent on,Last lesson returned,Last lesson returned on',
      `Una,Uno,1 Main St,Springfield,IL,62701,,${courseName},,2,2026-01-05,1,2026-01-20`,
      `Dos,Dos,2 Main St,Springfield,IL,62701,,${courseName},Inactive,3,2025-12-01,,`,
      `Tres,Tres,3 Main St,Springfield,IL,62701,,${courseName},,4,2025-10-01,4,2025-11-02`,
      `Cua,Cuatro,4 Main St,Springfield,IL,62701,,${courseName},Enrolled,,,,`,
      `Cin,Cinco,5 Main St,Springfield,IL,62701,,,,,,,`,
      `Ana,Known,1 Main St,Springfield,IL,62701,ana@kept.example,${courseName},Graduated,4,2025-09-01,4,2025-09-20`,
    ].join('\n');
    const preview = await t.app.inject({ method: 'POST', url: '/api/students/import', headers: admin, payload: { file, school_id: schoolId } });
    expect(preview.statusCode, preview.body).toBe(200);
    const token = (preview.json() as { preview_token: string }).preview_token;
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/students/import',
      headers: admin,
      payload: { file, school_id: schoolId, confirm: true, preview_token: token, choices: { 7: 'add_enrollment' } },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const [{ made }] = (await t.database.query<{ made: Made }>('select made from student_imports where id = $1', [
      (applied.json() as { import_id: number }).import_id,
    ])) as [{ made: Made }];
    expect([made.students.length, made.enrollments.length, made.lessons.length]).toEqual([5, 5, 13]);

    await expectDerivedDataAsTheTriggersKeepIt(t.database);
    await expectRecordsPointAsDefined(t.database);
    expect(await t.database.query(cachesKept)).toEqual(await t.database.query(cachesByDefinition));

    const db = t.database.db;
    const created = async (table: PgTable & { id: PgColumn }, itemType: string, ids: number[]) => {
      const records = (await db.select().from(table).where(inArray(table.id, ids))) as Record<string, unknown>[];
      const versions = await t.database.query<{ item_id: number; object_changes: unknown }>(
        `select item_id::int as item_id, object_changes from versions where item_type = $1 and event = 'create' and item_id = any($2::bigint[])
          order by item_id`,
        [itemType, ids],
      );
      expect(versions.map((version) => version.item_id)).toEqual([...ids].sort((a, b) => a - b));
      return { records, changes: new Map(versions.map((version) => [version.item_id, version.object_changes])) };
    };
    // A student and a lesson are written once: their version is the record as it is now.
    for (const [table, itemType, ids] of [
      [students, 'Student', made.students],
      [episodeDeliveries, 'EpisodeDelivery', made.lessons],
    ] as const) {
      const { records, changes } = await created(table, itemType, ids);
      for (const record of records) expect(changes.get(record.id as number)).toEqual(createdChanges(record));
    }
    // An enrollment is written once too, status and caches final (imported-enrollments.ts), a new
    // student's as one added to a student found.
    const { records, changes } = await created(enrollments, 'Enrollment', made.enrollments);
    for (const record of records) expect(changes.get(record.id as number)).toEqual(createdChanges(record));
    // Statuses: chosen (Inactive, Graduated on the student found), by the rule (every lesson back), or left.
    const statuses = await t.database.query<{ first_name: string; status: string; updates: unknown[] }>(
      `select s.first_name, e.status,
         coalesce((select jsonb_agg(v.object_changes->'status' order by v.id) from versions v
           where v.item_type = 'Enrollment' and v.item_id = e.id and v.event = 'update'), '[]') as updates
       from enrollments e join students s on s.id = e.student_id where e.id = any($1::bigint[]) order by e.id`,
      [made.enrollments],
    );
    expect(statuses).toEqual([
      { first_name: 'Una', status: 'Enrolled', updates: [] },
      { first_name: 'Dos', status: 'Inactive', updates: [] },
      { first_name: 'Tres', status: 'Graduated', updates: [] },
      { first_name: 'Cua', status: 'Enrolled', updates: [] },
      { first_name: 'Ana', status: 'Graduated', updates: [] },
    ]);
  });
});
