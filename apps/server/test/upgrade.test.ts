import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { migrateTo } from '../src/db/migrate-to.ts';
import { oldestSupportedMigration } from '../src/db/upgrade-rules.ts';
import { openEmptyDatabase } from './support/empty-database.ts';
import {
  expectCachesUnchangedByRefresh,
  expectDerivedDataAsTheTriggersKeepIt,
  expectRecordsPointAsDefined,
  keptValues,
} from './support/kept-values.ts';

/**
 * docs/decisions/023: a database of the oldest release this one upgrades from, with data in every
 * table (that release's own demo seed and a few rows more: scripts/drills/upgrade-fixture.ts),
 * upgraded by today's migrations, keeps every record, and every value kept beside the records is
 * its definition.
 */
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), `fixtures/upgrade-from-${oldestSupportedMigration}.sql.gz`);

/** What an old row holds in each column a later migration added; `kept` is checked against its definition (support/kept-values.ts). */
const addedColumns: Record<string, string> = {
  'attendances.cached_student_id': 'kept',
  'attendances.cached_school_id': 'kept',
  'attendances.cached_instructor_id': 'kept',
  'attendances.cached_series_id': 'kept',
  'auth_requests.browser_binding': 'browser_binding is null',
  'decision_options.active': 'active',
  'decisions.cached_student_id': 'kept',
  'decisions.cached_school_id': 'kept',
  'decisions.cached_instructor_id': 'kept',
  'decisions.cached_episode_id': 'kept',
  'enrollments.school_id': 'kept',
  'episode_deliveries.cached_school_id': 'kept',
  'episode_deliveries.cached_instructor_id': 'kept',
  'enrollments.instructor_id': 'kept',
  'interests.api_key_id': 'api_key_id is null',
  'interests.closed_at': 'closed_at is null',
  'interests.enrolled_at': 'enrolled_at is null',
  'interests.enrollment_id': 'enrollment_id is null',
  'interests.external_id': 'external_id is null',
  'product_deliveries.cached_school_id': 'kept',
  'product_deliveries.cached_instructor_id': 'kept',
  'product_deliveries.cached_series_id': 'kept',
  'series_products.active': 'active',
  'series_products.position': 'position = 0',
  'students.erased_at': 'erased_at is null',
  'students.request_key': 'request_key is null',
  'students.search_name': 'kept',
  'users.language': 'language is null',
  'users.mfa_enabled_at': 'mfa_enabled_at is null',
  'users.mfa_last_step': 'mfa_last_step is null',
  'users.mfa_pending_secret': 'mfa_pending_secret is null',
  'users.mfa_recovery_hashes': "mfa_recovery_hashes = '{}'",
  'users.mfa_secret': 'mfa_secret is null',
  'users.session_generation': 'session_generation = 0',
  'versions.school_id': 'kept',
};
/** Tables later migrations added: the kept ones hold their definition, the others nothing yet. */
const addedTables: Record<string, 'kept' | 'empty'> = {
  idempotent_writes: 'empty',
  lesson_months: 'kept',
  lesson_turnarounds: 'kept',
  lesson_instructor_months: 'kept',
  lesson_instructor_turnarounds: 'kept',
  lesson_network_months: 'kept',
  lesson_network_turnarounds: 'kept',
  lesson_episode_turnarounds: 'kept',
  lesson_instructor_series_turnarounds: 'kept',
  lesson_instructor_delivery_turnarounds: 'kept',
  followup_counts: 'kept',
  student_key_counts: 'kept',
  decision_months: 'kept',
  decision_months_zone: 'kept',
  enrollment_months: 'kept',
  enrollment_instructor_months: 'kept',
  lesson_instructor_totals: 'kept',
  name_words: 'kept',
  password_tokens: 'empty',
  reminder_mails: 'empty',
  series_school_students: 'kept',
  sign_in_failures: 'empty',
  signup_requests: 'empty',
  student_imports: 'empty',
  students_not_same_person: 'empty',
  student_words: 'kept',
};

type Column = { table_name: string; column_name: string };
const columnsOf = (database: Database, schema: string) =>
  database.query<Column>(
    `select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = $1 order by c.table_name, c.ordinal_position`,
    [schema],
  );
const byTable = (columns: Column[]) => {
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  return tables;
};
const count = async (database: Database, query: string) =>
  (await database.query<{ n: number }>(`select count(*)::int as n from (${query}) x`))[0]!.n;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

describe(`an upgrade from ${oldestSupportedMigration}`, { timeout: 60_000 }, () => {
  let database: Database;
  let old: Map<string, string[]>;
  let now: Map<string, string[]>;
  let tooOld: { refusal: string; applied: number; students: boolean };

  beforeAll(async () => {
    database = await openEmptyDatabase();
    // First a database older than the oldest supported migration: refused, and left as it was.
    await migrateTo(database, '0000_extensions');
    tooOld = {
      refusal: await database.migrate().then(
        () => 'migrated',
        (error: Error) => error.message,
      ),
      applied: await count(database, 'select 1 from drizzle.__drizzle_migrations'),
      students: (await database.query<{ found: boolean }>(`select to_regclass('public.students') is not null as found`))[0]!.found,
    };
    await migrateTo(database, oldestSupportedMigration);
    // The old release's rows as it wrote them (its foreign keys held then; the dump's order need not).
    const rows = gunzipSync(readFileSync(fixture)).toString('utf8');
    await database.exec(`begin; set local session_replication_role = replica; ${rows} commit;`);
    // A copy of every old table to compare with after the upgrade.
    old = byTable(await columnsOf(database, 'public'));
    await database.exec(
      `create schema fixture; ${[...old.keys()].map((t) => `create table fixture.${quoted(t)} as table public.${quoted(t)};`).join(' ')}`,
    );
    await database.migrate();
    now = byTable(await columnsOf(database, 'public'));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('starts from data in every table of the old release', async () => {
    expect(old.size).toBeGreaterThanOrEqual(30);
    const empty = [];
    for (const table of old.keys()) if ((await count(database, `select 1 from fixture.${quoted(table)}`)) === 0) empty.push(table);
    expect(empty).toEqual([]);
  });

  it('keeps every row with the same values in every column, and adds none to the old tables', async () => {
    const differing: string[] = [];
    for (const [table, columns] of old) {
      const kept = columns.filter((column) => now.get(table)?.includes(column)).map(quoted).join(', ');
      expect(kept, `${table} is gone`).not.toBe('');
      const lost = await count(database, `select ${kept} from fixture.${quoted(table)} except select ${kept} from public.${quoted(table)}`);
      const rows = await count(database, `select 1 from fixture.${quoted(table)}`);
      const after = await count(database, `select 1 from public.${quoted(table)}`);
      if (lost > 0 || after !== rows) differing.push(`${table}: ${lost} of ${rows} rows lost or changed, ${after} rows now`);
    }
    expect(differing).toEqual([]);
  });

  it('gives old rows what each added column means for them', async () => {
    const added = [...now].flatMap(([table, columns]) =>
      old.has(table) ? columns.filter((c) => !old.get(table)!.includes(c)).map((c) => `${table}.${c}`) : [],
    );
    expect(added.sort()).toEqual(Object.keys(addedColumns).sort());
    for (const [column, holds] of Object.entries(addedColumns)) {
      if (holds === 'kept') {
        expect(keptValues, column).toContain(column);
        continue;
      }
      const table = column.split('.')[0]!;
      expect(await count(database, `select 1 from ${quoted(table)} where not (${holds})`), column).toBe(0);
    }
  });

  it('adds tables that hold their definition or nothing yet', async () => {
    const added = [...now.keys()].filter((table) => !old.has(table));
    expect(added.sort()).toEqual(Object.keys(addedTables).sort());
    for (const [table, holds] of Object.entries(addedTables)) {
      if (holds === 'kept') expect(keptValues, table).toContain(table);
      else expect(await count(database, `select 1 from ${quoted(table)}`), table).toBe(0);
    }
    // The backfills had rows to work on.
    for (const table of ['name_words', 'student_words', 'series_school_students', 'lesson_months', 'lesson_turnarounds', 'lesson_instructor_months', 'lesson_instructor_turnarounds', 'lesson_network_months', 'lesson_network_turnarounds', 'lesson_episode_turnarounds', 'lesson_instructor_series_turnarounds', 'lesson_instructor_delivery_turnarounds', 'followup_counts', 'student_key_counts', 'decision_months', 'enrollment_months', 'enrollment_instructor_months', 'lesson_instructor_totals']) {
      expect(await count(database, `select 1 from ${quoted(table)}`), table).toBeGreaterThan(0);
    }
  });

  it('keeps every derived value as its definition', async () => {
    await expectDerivedDataAsTheTriggersKeepIt(database);
    await expectRecordsPointAsDefined(database);
    // Built from the students by 0005: no word without a student.
    expect(
      await count(database, `select word from name_words except select t.word from students s cross join regexp_split_to_table(s.search_name, ' ') t(word)`),
    ).toBe(0);
    expect(await count(database, 'select 1 from versions where school_id is not null')).toBeGreaterThan(0);
    expect(await expectCachesUnchangedByRefresh(database)).toBeGreaterThan(0);
  });

  it('numbers new rows after the old ones', async () => {
    const behind: string[] = [];
    const sequences = await database.query<{ table_name: string; column_name: string; sequence: string }>(
      `select c.table_name, c.column_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as sequence
        from information_schema.columns c where c.table_schema = 'public'
        and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`,
    );
    sequences.push({ table_name: 'enrollments', column_name: 'registration_number', sequence: 'registration_number_seq' });
    for (const { table_name, column_name, sequence } of sequences) {
      const [row] = await database.query<{ highest: number | null; next: number }>(
        `select (select max(${quoted(column_name)}) from ${quoted(table_name)}) as highest,
          (select case when is_called then last_value + 1 else last_value end from ${sequence}) as next`,
      );
      if (row!.highest !== null && Number(row!.next) <= Number(row!.highest)) behind.push(`${table_name}.${column_name}`);
    }
    expect(sequences.length).toBeGreaterThan(20);
    expect(behind).toEqual([]);
  });

  it('refuses a database older than that at the start, with a sentence saying what to do, and leaves it as it was', () => {
    expect(tooOld.refusal).toMatch(
      /^This database was last upgraded to migration 0000_extensions, older than 0001_initial, the oldest this release upgrades from\. Start a release whose newest migration is between 0001_initial and \d{4}_\w+ on it once, so that it upgrades the database, then start this release again\.$/,
    );
    expect(tooOld).toMatchObject({ applied: 1, students: false });
  });
});
