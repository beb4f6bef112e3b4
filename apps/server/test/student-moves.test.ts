import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/core/lists.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { expectDerivedDataAsTheTriggersKeepIt } from './support/kept-values.ts';

/**
 * PL/pgSQL keeps a trigger statement's plan for the session: made for an update of one row, a join
 * of the old and new transition tables is a nested loop, which a later bulk update on the same
 * connection reuses and which compares every pair of its rows (1M seed: 4,000 students renamed in
 * one statement after one, 36 s; migrations 0045 for the enrollments, 0046 for the students). No
 * trigger joins the two; what one keeps stays right when a bulk update follows a one-row update.
 */
describe('the triggers after one row changed, then many in one statement', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database);
  });
  afterAll(async () => t.close());

  it('no trigger function joins its old and new transition tables (a full join is hashed or merged, never a nested loop)', async () => {
    const functions = await t.database.query<{ name: string; source: string }>(
      `select distinct p.proname as name, p.prosrc as source from pg_trigger g join pg_proc p on p.oid = g.tgfoid where not g.tgisinternal`,
    );
    const table = String.raw`srs_(?:old|new)_\w+\s+(?:AS\s+)?\w+`;
    const pairwise = new RegExp(String.raw`${table}\s*(?:,|(?:(?:LEFT|RIGHT|INNER|CROSS)\s+)?JOIN)\s*srs_(?:old|new)_`, 'i');
    expect(functions.length).toBeGreaterThan(15);
    expect(functions.filter((fn) => pairwise.test(fn.source)).map((fn) => fn.name)).toEqual([]);
  });

  it('students renamed, given new keys, instructors and schools in one statement after one: words, keys, places and lesson counts kept', async () => {
    const [first] = await t.database.query<{ id: number }>('select min(id)::int as id from students');
    const moved = await t.database.db.transaction(async (tx) => {
      // One student first, on the same connection: the plans PL/pgSQL keeps are made for one row.
      await tx.execute(sql`update students set last_name = last_name || 'a', email = 'first.moved@example.test' where id = ${first!.id}`);
      const updated = await rows<{ id: number }>(tx.execute(sql`update students s set
          last_name = case when s.id % 3 = 0 then s.last_name || 'b' else s.last_name end,
          email = case when s.id % 4 = 0 then 'moved.' || s.id || '@example.test' else s.email end,
          instructor_id = case when s.id % 5 = 0 then sc.head_school_admin_id else s.instructor_id end,
          school_id = case when s.id % 7 = 0 then (select min(o.id) from schools o) else s.school_id end
        from schools sc where sc.id = s.school_id and s.id <> ${first!.id} returning s.id`));
      return updated.length;
    });
    expect(moved).toBeGreaterThan(250);
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
  });
});
