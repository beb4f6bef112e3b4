import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder } from '../src/db/client.ts';
import { refusalsInWords } from '../src/db/upgrade-rules.ts';
import { openTestDatabase } from './support/database.ts';
import { migrationSteps } from './support/migration-steps.ts';

/**
 * docs/decisions/023: a migration that would lose data refuses to run and says why. Every step of
 * every migration that could lose data comes after a guard for it, or is listed here with the
 * reason it loses nothing.
 */
const shownSafe: Record<string, string> = {
  '0006_enrollment_school: overwrite column enrollments.school_id': 'fills the column this migration adds',
  '0008_version_school: overwrite column versions.school_id': 'fills the column this migration adds',
  '0011_decision_student: overwrite column decisions.cached_student_id': 'fills the column this migration adds',
  '0022_version_school_of_an_import: overwrite column versions.school_id':
    'sets the school of import versions where it is null (where school_id is null): no value is replaced',
  '0024_instructor_rollups: overwrite column enrollments.instructor_id': 'fills the column this migration adds',
  '0027_decision_place: overwrite column decisions.cached_school_id': 'fills the columns this migration adds',
  '0027_decision_place: overwrite column decisions.cached_instructor_id': 'fills the columns this migration adds',
  '0030_decision_episode: overwrite column decisions.cached_episode_id': 'fills the column this migration adds',
  '0031_product_place: overwrite column product_deliveries.cached_school_id': 'fills the columns this migration adds',
  '0031_product_place: overwrite column product_deliveries.cached_instructor_id': 'fills the columns this migration adds',
  '0031_product_place: overwrite column product_deliveries.cached_series_id': 'fills the columns this migration adds',
  '0033_attendance_place: overwrite column attendances.cached_student_id': 'fills the columns this migration adds',
  '0033_attendance_place: overwrite column attendances.cached_school_id': 'fills the columns this migration adds',
  '0033_attendance_place: overwrite column attendances.cached_instructor_id': 'fills the columns this migration adds',
  '0033_attendance_place: overwrite column attendances.cached_series_id': 'fills the columns this migration adds',
  '0040_episode_turnaround_delivery: empty table lesson_episode_turnarounds':
    'empties counts kept from the lessons (0037), which the same migration counts again from the lessons by delivery type too',
  '0041_lesson_place: overwrite column episode_deliveries.cached_school_id': 'fills the columns this migration adds',
  '0041_lesson_place: overwrite column episode_deliveries.cached_instructor_id': 'fills the columns this migration adds',
};

type Journal = { version: string; dialect: string; entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };
const journalOf = (folder: string) => JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
const stepsOfFolder = (folder: string) =>
  journalOf(folder).entries.flatMap(({ tag }) => migrationSteps(tag, readFileSync(path.join(folder, `${tag}.sql`), 'utf8')));

describe('every migration keeps data', () => {
  it('guards each step that could lose data, or shows why it loses none', () => {
    const steps = stepsOfFolder(migrationsFolder);
    const unguarded = steps.filter((s) => !s.guarded).map((s) => `${s.migration}: ${s.step}`);
    expect(unguarded.filter((step) => !(step in shownSafe)), 'steps that could lose data without a guard (docs/decisions/023)').toEqual([]);
    // Each entry still names a step, and one that fills a column says so only of a column its migration adds.
    expect(unguarded.sort()).toEqual(Object.keys(shownSafe).sort());
    for (const s of steps.filter((step) => shownSafe[`${step.migration}: ${step.step}`]?.startsWith('fills'))) {
      expect(s.addedHere, `${s.migration}: ${s.step}`).toBe(true);
    }
  });

  it('tells a guarded step from one without a guard', () => {
    const guard = (tag: string, step: string) =>
      `DO $$ BEGIN IF EXISTS (SELECT 1 FROM "students") THEN RAISE EXCEPTION 'Migration ${tag} would ${step}, which holds % rows.', 1; END IF; END $$;`;
    const found = (tag: string, text: string) => migrationSteps(tag, text).map((s) => `${s.step}${s.guarded ? ' (guarded)' : ''}`);
    expect(found('0018_a', 'ALTER TABLE "students" DROP COLUMN "phone";')).toEqual(['drop column students.phone']);
    expect(found('0018_a', `${guard('0018_a', 'drop column students.phone')}\n--> statement-breakpoint\nALTER TABLE "students" DROP COLUMN "phone";`)).toEqual([
      'drop column students.phone (guarded)',
    ]);
    // A guard of another migration, of another column, or after the step does not count.
    expect(found('0018_a', `${guard('0017_b', 'drop column students.phone')}\n--> statement-breakpoint\nALTER TABLE "students" DROP COLUMN "phone";`)).toEqual(['drop column students.phone']);
    expect(found('0018_a', `${guard('0018_a', 'drop column students.email')}\n--> statement-breakpoint\nALTER TABLE "students" DROP COLUMN "phone";`)).toEqual(['drop column students.phone']);
    expect(found('0018_a', `ALTER TABLE "students" DROP COLUMN "phone";\n--> statement-breakpoint\n${guard('0018_a', 'drop column students.phone')}`)).toEqual(['drop column students.phone']);
    expect(
      found(
        '0018_a',
        [
          'DROP TABLE "public"."notes", visits',
          'ALTER TABLE students ALTER COLUMN zip_code TYPE integer USING zip_code::integer, ALTER COLUMN "email" SET NOT NULL',
          'TRUNCATE TABLE reminders',
          'DO $$ BEGIN DELETE FROM notes WHERE text = \'\'; END $$',
          'UPDATE students s SET phone = NULL, email = lower(email) WHERE true',
          'DROP SEQUENCE registration_number_seq',
          'DROP FUNCTION srs_student_words() CASCADE',
          'DROP INDEX students_name_idx',
          'ALTER TABLE students DROP CONSTRAINT students_school_id_fk, ALTER COLUMN phone DROP NOT NULL',
          'CREATE TRIGGER t AFTER UPDATE OR DELETE OR TRUNCATE ON students FOR EACH STATEMENT EXECUTE FUNCTION f()',
          'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM student_words; RETURN NULL; END $$',
          "INSERT INTO name_words (word) VALUES ('a') ON CONFLICT (word) DO UPDATE SET word = excluded.word",
        ].join('\n--> statement-breakpoint\n'),
      ),
    ).toEqual([
      'drop table notes',
      'drop table visits',
      'change the type of column students.zip_code',
      'set column students.email not null',
      'empty table reminders',
      'delete rows of notes',
      'overwrite column students.phone',
      'overwrite column students.email',
      'drop sequence registration_number_seq',
      'drop function srs_student_words with cascade',
    ]);
  });
});

/** Today's migrations and one more, in a folder of their own: the drop of a column behind its guard. */
function foldersWithDrop(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'srs-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journal = journalOf(folder);
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, '0')}_drop_social_media`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal, null, 2));
  writeFileSync(
    path.join(folder, `${tag}.sql`),
    `-- The rule's example (docs/decisions/023): the column goes only when it holds nothing.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "students" WHERE "social_media" IS NOT NULL) THEN
    RAISE EXCEPTION 'Migration ${tag} would drop column students.social_media, which holds % values; copy them elsewhere or clear them, then upgrade again.',
      (SELECT count("social_media") FROM "students");
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "social_media";`,
  );
  return folder;
}

function migrateFrom(database: Database, folder: string): Promise<void> {
  if (database.pglite) return migratePglite(drizzlePglite(database.pglite), { migrationsFolder: folder });
  return migrateNodePg(drizzleNodePg(database.pool!), { migrationsFolder: folder });
}

describe('a guarded migration', () => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    folder = foldersWithDrop();
  });
  afterAll(async () => {
    await database?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  const column = async () =>
    (await database.query<{ n: number }>(`select count(*)::int as n from information_schema.columns where table_name = 'students' and column_name = 'social_media'`))[0]!.n;
  const applied = async () => (await database.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'))[0]!.n;

  it('is itself a migration the rule lets through', () => {
    const steps = stepsOfFolder(folder).filter((s) => s.migration.endsWith('_drop_social_media'));
    expect(steps.map((s) => [s.step, s.guarded])).toEqual([['drop column students.social_media', true]]);
  });

  it('refuses while the column holds values, says why, and leaves the database as it was', async () => {
    await database.exec(`update students set social_media = '@student' || id where id in (select id from students order by id limit 3)`);
    const held = (await database.query<{ n: number }>('select count(social_media)::int as n from students'))[0]!.n;
    expect(held).toBeGreaterThanOrEqual(3);
    const tag = journalOf(folder).entries.at(-1)!.tag;
    const before = await applied();
    const error = await refusalsInWords(() => migrateFrom(database, folder)).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toBe(
      `Migration ${tag} would drop column students.social_media, which holds ${held} values; ` +
        'copy them elsewhere or clear them, then upgrade again. Nothing was changed: the database is as it was before this upgrade.',
    );
    expect(await column()).toBe(1);
    expect((await database.query<{ n: number }>('select count(social_media)::int as n from students'))[0]!.n).toBe(held);
    expect(await applied()).toBe(before);
  });

  it('runs once the column holds nothing', async () => {
    const before = await applied();
    await database.exec('update students set social_media = null where social_media is not null');
    await refusalsInWords(() => migrateFrom(database, folder));
    expect(await column()).toBe(0);
    expect(await applied()).toBe(before + 1);
  });
});
