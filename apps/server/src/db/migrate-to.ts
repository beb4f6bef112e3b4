import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, migrationsFolder } from './client.ts';
import { inOneTransaction, type RunSql } from './one-transaction.ts';

/** One migration of this release, as drizzle's migrator reads it from `migrations/`. */
export type Migration = { tag: string; when: number; hash: string; statements: string[] };

/** This release's migrations in order (meta/_journal.json), each with drizzle's hash of its file. */
export function releaseMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder });
  return journal.entries.map((entry, i) => {
    const file = files[i]!;
    return { tag: entry.tag, when: entry.when, hash: file.hash, statements: file.sql };
  });
}

function migrationTagged(tag: string): Migration {
  const migration = releaseMigrations().find((m) => m.tag === tag);
  if (!migration) throw new Error(`This release has no migration named ${tag}.`);
  return migration;
}

// Drizzle's own bookkeeping (drizzle-orm pg-core dialect.migrate): a migration is applied when its
// journal time is after the newest row here, and `database.migrate()` goes on from where this stops.
const createBookkeeping = [
  'CREATE SCHEMA IF NOT EXISTS "drizzle"',
  `CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (
    id SERIAL PRIMARY KEY,
    hash text NOT NULL,
    created_at bigint
  )`,
];

/**
 * The migration a database stands at: null when it has none, and an error when its newest one is
 * not this release's (a database of a newer release).
 */
export async function migrationLevel(run: RunSql): Promise<Migration | null> {
  const [table] = await run<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!table?.found) return null;
  const [last] = await run<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  if (!last) return null;
  const when = Number(last.created_at);
  const migration = releaseMigrations().find((m) => m.when === when);
  if (!migration) {
    throw new Error(
      `The database stands at a migration this release does not know (made at ${new Date(when).toISOString()}): ` +
        'it belongs to a newer release.',
    );
  }
  return migration;
}

/**
 * Applies, on one connection and in whatever transaction it is in, this release's migrations after
 * the database's newest one and up to `tag` (all of them without it), recording each as drizzle does.
 */
export async function applyMigrations(run: RunSql, tag?: string): Promise<Migration[]> {
  const last = tag === undefined ? undefined : migrationTagged(tag);
  for (const statement of createBookkeeping) await run(statement);
  const [newest] = await run<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const after = newest ? Number(newest.created_at) : Number.NEGATIVE_INFINITY;
  const applied: Migration[] = [];
  for (const migration of releaseMigrations()) {
    if (last && migration.when > last.when) break;
    if (migration.when <= after) continue;
    for (const statement of migration.statements) if (statement.trim()) await run(statement);
    await run('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.when,
    ]);
    applied.push(migration);
  }
  return applied;
}

/**
 * Migrates `database` up to and including the migration `tag` (e.g. `0012_interest_intake`) in one
 * transaction, as `database.migrate()` would if the release ended there: an older release's
 * schema, for a backup or an upgrade test. `database.migrate()` afterwards applies the rest.
 */
export async function migrateTo(database: Database, tag: string): Promise<Migration[]> {
  migrationTagged(tag);
  return inOneTransaction(database, (tx) => applyMigrations(tx.run, tag));
}
