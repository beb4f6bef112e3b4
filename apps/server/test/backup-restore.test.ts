import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../src/db/backup/backup.ts';
import { dropProductObjects, sequenceValues } from '../src/db/backup/catalog.ts';
import { restoreDatabase } from '../src/db/backup/restore.ts';
import { type Database, openPostgres } from '../src/db/client.ts';
import { migrateTo, migrationLevel, releaseMigrations } from '../src/db/migrate-to.ts';
import { inOneTransaction } from '../src/db/one-transaction.ts';
import { openTestDatabase } from './support/database.ts';
import { withDatabase } from './support/global-setup.ts';
import { tableDigests } from './support/table-digests.ts';

const onPostgres = process.env.TEST_BACKEND === 'postgres';
const newest = releaseMigrations().at(-1)!;

/** A database with nothing in it: an emptied copy of the PGlite template, or a new PostgreSQL database dropped by close(). */
async function emptyDatabase(kind: Database['kind']): Promise<Database> {
  if (kind === 'pglite') {
    // The template's copy (PGlite under server-pglite), emptied: a new embedded database costs far more to make.
    const database = await openTestDatabase();
    await inOneTransaction(database, (tx) => dropProductObjects(tx.run));
    return database;
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `srs_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(url, 1);
  await admin.exec(`create database ${name}`);
  await admin.close();
  const database = openPostgres(withDatabase(url, name), 2);
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = openPostgres(url, 1);
      await cleanup.exec(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    },
  };
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'srs-backup-'));
  const file = path.join(dir, 'demo.gz');
  let database: Database;
  let backedUp: Record<string, string>;
  let changed: Record<string, string>;
  let sequences: Awaited<ReturnType<typeof sequenceValues>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    backedUp = await tableDigests(database);
    sequences = await sequenceValues(database.query);
    await backupDatabase(database, file);
    // Rows added, edited and deleted in several tables (the triggers change the tables they keep too).
    await database.exec(`
      insert into conferences (name) values ('Conference added after the backup');
      update students set first_name = 'Edited' where id in (select id from students order by id limit 3);
      update enrollments set status = case when status = 'Inactive' then 'Graduated' else 'Inactive' end
        where id in (select id from enrollments order by id limit 2);
      delete from visits where id in (select id from visits order by id limit 5);
      delete from notes where id in (select id from notes order by id limit 5);`);
    changed = await tableDigests(database);
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a file only its owner may read, with every table of the product', async () => {
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Object.keys(backedUp)).toContain('students');
    for (const table of ['conferences', 'students', 'student_words', 'enrollments', 'visits', 'notes']) {
      expect(changed[table], table).not.toBe(backedUp[table]);
    }
  });

  it('refuses a database that is not empty, and changes nothing in it', async () => {
    await expect(restoreDatabase(database, file)).rejects.toThrow(
      'The database is not empty: restore into an empty database, or add --replace to replace everything in it by the backup.',
    );
    expect(await tableDigests(database)).toEqual(changed);
  });

  it('refuses a truncated or damaged file in a sentence, leaving the database as it was', async () => {
    const bytes = readFileSync(file);
    const truncated = path.join(dir, 'truncated.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    await expect(restoreDatabase(database, truncated, { replace: true })).rejects.toThrow(
      `The file ${truncated} is not a complete backup (it ends too soon): nothing was restored.`,
    );
    expect(await tableDigests(database)).toEqual(changed);
    const damaged = path.join(dir, 'damaged.gz');
    const copy = Buffer.from(bytes);
    copy[Math.floor(copy.length / 2)]! ^= 0xff;
    writeFileSync(damaged, copy);
    await expect(restoreDatabase(database, damaged, { replace: true })).rejects.toThrow(
      /^The file .*damaged\.gz is not a complete backup \(.+\): nothing was restored\.$/,
    );
    await expect(restoreDatabase(database, path.join(dir, 'none.gz'))).rejects.toThrow(/^There is no file .*none\.gz\.$/);
    expect(await tableDigests(database)).toEqual(changed);
  });

  it('with --replace brings back every table as it was backed up, and the sequences where they stood', async () => {
    const { migrated, rows } = await restoreDatabase(database, file, { replace: true });
    expect(migrated).toEqual([]);
    expect(rows.students).toBeGreaterThan(0);
    expect(await tableDigests(database)).toEqual(backedUp);
    expect(await sequenceValues(database.query)).toEqual(sequences);
    expect((await migrationLevel(database.query))?.tag).toBe(newest.tag);
    const [highest] = await database.query<{ id: number }>('select max(id) as id from conferences');
    const [added] = await database.query<{ id: number }>(`insert into conferences (name) values ('After the restore') returning id`);
    expect(added!.id).toBeGreaterThan(highest!.id);
  });

  // Under server-pglite, when the PostgreSQL server of the other project is there too (npm test).
  it.runIf(!onPostgres && Boolean(process.env.TEST_DATABASE_URL))(
    'moves the embedded database into PostgreSQL and back, every table equal',
    async () => {
      const server = await emptyDatabase('postgres');
      const embedded = await emptyDatabase('pglite');
      try {
        const demo = await tableDigests(database);
        const moved = path.join(dir, 'from-pglite.gz');
        await backupDatabase(database, moved);
        await restoreDatabase(server, moved);
        expect(await tableDigests(server)).toEqual(demo);
        const back = path.join(dir, 'from-postgres.gz');
        const { header } = await backupDatabase(server, back);
        expect(header.database).toBe('postgres');
        await restoreDatabase(embedded, back);
        expect(await tableDigests(embedded)).toEqual(demo);
      } finally {
        await server.close();
        await embedded.close();
      }
    },
  );

  it("restores an older release's backup into this release's schema, migrating its rows", async () => {
    const older = await emptyDatabase(database.kind);
    const olderFile = path.join(dir, 'older.gz');
    try {
      await migrateTo(older, '0004_session_changes');
      await older.exec(`
        insert into conferences (name) values ('Old Conference');
        insert into schools (conference_id, school_code, church_name) select id, '401', 'Old Church' from conferences;
        insert into students (school_id, first_name, last_name) select id, 'Priscilla', 'Tentmaker' from schools;`);
      const { header } = await backupDatabase(older, olderFile);
      expect(header.migration.tag).toBe('0004_session_changes');

      // Into the demo database, replaced (a new embedded database costs seconds to make).
      const { migrated } = await restoreDatabase(database, olderFile, { replace: true });
      expect(migrated[0]?.tag).toBe('0005_name_search');
      expect(migrated.at(-1)?.tag).toBe(newest.tag);
      expect((await migrationLevel(database.query))?.tag).toBe(newest.tag);
      // 0005 made the search words of the students already there, 0015 the erasure column.
      const [student] = await database.query<{ erased_at: null; words: string[] }>(`
        select s.erased_at, array(select w.word from student_words sw join name_words w on w.id = sw.word_id
          where sw.student_id = s.id order by w.word) as words
        from students s`);
      expect(await database.query('select count(*)::int as n from students')).toEqual([{ n: 1 }]);
      expect(student).toEqual({ erased_at: null, words: ['priscilla', 'tentmaker'] });
      // The database goes on as one migrated by this release would: the server's own migrate has nothing left.
      await database.migrate();
      const [counts] = await database.query<{ migrations: number }>('select count(*)::int as migrations from drizzle.__drizzle_migrations');
      expect(counts!.migrations).toBe(releaseMigrations().length);
    } finally {
      await older.close();
    }
  });

});
