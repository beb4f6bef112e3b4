// The student import's bare baseline: the rows the apply wrote into one school (its students, their
// enrollments and their lessons), copied out once as they are, then written again with a plain pg
// client, COPY by COPY in one transaction, into the same tables with all their triggers and indexes.
// No app: no versions, no checks, no caches kept by code, no locks.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

export type CopiedTable = { table: string; columns: string[]; data: Buffer; rows: number };

/** Each table's rows of the school, by id: students, then their enrollments, then those enrollments' lessons. */
const selections = (schoolId: number) => [
  { table: 'students', where: `school_id = ${schoolId}` },
  { table: 'enrollments', where: `student_id in (select id from students where school_id = ${schoolId})` },
  {
    table: 'episode_deliveries',
    where: `enrollment_id in (select e.id from enrollments e join students s on s.id = e.student_id where s.school_id = ${schoolId})`,
  },
];

/** The columns COPY may set: every one but the generated (COPY writes an identity's values as given). */
async function writableColumns(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
     order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** The school's rows in COPY's text format, every writable column, ids included. */
export async function copyOut(client: pg.Client, schoolId: number): Promise<CopiedTable[]> {
  const copied: CopiedTable[] = [];
  for (const { table, where } of selections(schoolId)) {
    const columns = await writableColumns(client, table);
    const list = columns.map((column) => `"${column}"`).join(', ');
    const chunks: Buffer[] = [];
    const stream = client.query(copyTo(`copy (select ${list} from ${table} where ${where} order by id) to stdout`));
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    let rows = 0;
    for (const byte of data) if (byte === 10) rows++;
    copied.push({ table, columns, data, rows });
  }
  return copied;
}

/** The rows written again, table by table, in one transaction that commits. */
export async function copyIn(client: pg.Client, copied: CopiedTable[]): Promise<void> {
  await client.query('begin');
  try {
    for (const { table, columns, data } of copied) {
      const list = columns.map((column) => `"${column}"`).join(', ');
      await pipeline(Readable.from([data]), client.query(copyFrom(`copy ${table} (${list}) from stdin`)));
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** The copied rows deleted again, lessons first. */
export async function deleteCopied(client: pg.Client, schoolId: number): Promise<void> {
  await client.query('begin');
  try {
    for (const { table, where } of selections(schoolId).reverse()) await client.query(`delete from ${table} where ${where}`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
