import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/core/lists.ts';
import type { Db } from '../src/db/client.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createUser } from './support/factories.ts';
import { createStaffedSchool, studentForm } from './support/student-factories.ts';

/**
 * Security issue, row 13: the words of an erased student's names stayed in `name_words`, the
 * dictionary of name search (decision 011). The update of the name replaced the student's own
 * `student_words` rows, but nothing ever took a word out of `name_words`: a rare last name stayed,
 * linked to no one, for anyone who reads the database or a backup. The erasure now takes out the
 * words of its names, now and before, that no student's name holds any more (docs/decisions/017).
 */

let t: TestContext;
let db: Db;
let admin: { id: number; email: string };
let schoolId: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  admin = await createUser(db, { roleType: 'global_admin' });
  schoolId = (await createStaffedSchool(db)).school.id;
});
afterAll(async () => t.close());

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: await t.headersFor(admin.email) });
}
const ok = (response: LightMyRequestResponse, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  return response;
};

async function createStudent(firstName: string, lastName: string): Promise<number> {
  const form = studentForm({ first_name: firstName, middle_name: null, last_name: lastName, email: null, school_id: schoolId });
  return ok(await call('POST', '/api/students', form), 201).json().id as number;
}

async function nameWords(): Promise<string[]> {
  const found = await rows<{ word: string }>(db.execute(sql`select word from name_words order by word`));
  return found.map((row) => row.word);
}

/** The tables (any schema but the system's) whose rows hold the text anywhere: words, trigrams, copies. */
async function tablesHolding(text: string): Promise<string[]> {
  const tables = await rows<{ table_schema: string; table_name: string }>(
    db.execute(sql`select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`),
  );
  const found: string[] = [];
  for (const { table_schema: schema, table_name: name } of tables) {
    const [hit] = await rows<{ n: number }>(
      db.execute(sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(name)} x
        where to_jsonb(x)::text ilike ${`%${text}%`}`),
    );
    if (hit && hit.n > 0) found.push(`${schema}.${name}`);
  }
  return found;
}

const onPostgres = process.env.TEST_BACKEND === 'postgres';

async function searchTotal(word: string): Promise<number> {
  const response = ok(await call('GET', `/api/students?full_name_i_cont_all[]=${word}`));
  return response.json().pagination.total_count as number;
}

describe('erasing a student takes its rare name words out of the search dictionary', () => {
  it('Zebediah Quixotl erased: quixotl is gone from every table, zebediah and smith stay, a search finds nothing', async () => {
    const quixotl = await createStudent('Zebediah', 'Quixotl');
    await createStudent('Zebediah', 'Smith');
    expect(await nameWords()).toEqual(expect.arrayContaining(['quixotl', 'smith', 'zebediah']));
    expect(await searchTotal('quixotl')).toBe(1);
    const before = await nameWords();

    ok(await call('POST', `/api/students/${quixotl}/erase`));

    expect(await tablesHolding('quixotl')).toEqual([]);
    expect(await searchTotal('quixotl')).toBe(0);
    expect(await searchTotal('zebediah')).toBe(1);
    // Nothing else: the words of the other students stay, the erased name's own words are new.
    const after = await nameWords();
    expect(before.filter((word) => !after.includes(word))).toEqual(['quixotl']);
    expect(after.filter((word) => !before.includes(word)).sort()).toEqual(
      ['erased', 'student', String(quixotl)].filter((word) => !before.includes(word)).sort(),
    );
    expect(after).toEqual(expect.arrayContaining(['smith', 'zebediah']));
  });

  it("the words of the student's earlier names go too; a word another student still holds, or held before, stays", async () => {
    const student = await createStudent('Ysolde', 'Varkonyi');
    // The student was renamed before the erasure: the old name's words are its words too.
    ok(await call('PUT', `/api/students/${student}`, { first_name: 'Ysoldina', last_name: 'Brannagh' }));
    await createStudent('Ysolde', 'Jones');
    // Somebody else's earlier name, linked to no one: not the erased student's, so not the erasure's.
    const other = await createStudent('Percival', 'Wexcombe');
    ok(await call('PUT', `/api/students/${other}`, { last_name: 'Jones' }));
    expect(await nameWords()).toEqual(expect.arrayContaining(['varkonyi', 'ysoldina', 'brannagh', 'wexcombe']));

    ok(await call('POST', `/api/students/${student}/erase`));

    for (const word of ['varkonyi', 'ysoldina', 'brannagh']) expect(await tablesHolding(word)).toEqual([]);
    expect(await nameWords()).toEqual(expect.arrayContaining(['ysolde', 'jones', 'percival', 'wexcombe']));
  });
});

describe.runIf(onPostgres)('erasing while another writer links a student to one of its words (PostgreSQL)', () => {
  it('leaves the word to that student, and neither waits for the other', async () => {
    const erased = await createStudent('Orlaith', 'Quennevare');
    const other = await createStudent('Tobiah', 'Plainfield');
    // Another request renames a student to the same rare name and has not committed yet: its
    // student_words row's foreign key check holds the word.
    const client = await t.database.pool!.connect();
    try {
      await client.query('begin');
      await client.query(`update students set last_name = 'Quennevare' where id = $1`, [other]);
      ok(await call('POST', `/api/students/${erased}/erase`));
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    const linked = await rows<{ student_id: number }>(
      db.execute(sql`select sw.student_id from name_words w join student_words sw on sw.word_id = w.id where w.word = 'quennevare'`),
    );
    expect(linked.map((row) => Number(row.student_id))).toEqual([other]);
    expect(await searchTotal('quennevare')).toBe(1);
  });
});
