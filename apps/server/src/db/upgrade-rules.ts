import { releaseMigrations } from './migrate-to.ts';
import type { RunSql } from './one-transaction.ts';

/**
 * The oldest migration set this release upgrades from (docs/decisions/023): a database whose newest
 * migration is older must first be upgraded by an older release. apps/server/test/upgrade.test.ts
 * upgrades that release's own data (test/fixtures/upgrade-from-0001_initial.sql.gz) to today's.
 */
export const oldestSupportedMigration = '0001_initial';

/**
 * Refuses, in a sentence saying what to do, a database older than `oldestSupportedMigration`. A
 * database of a newer release is let through as before (drizzle applies nothing to it): an older
 * instance restarting during a rolling upgrade keeps starting.
 */
export async function refuseUnsupportedDatabase(run: RunSql): Promise<void> {
  const [table] = await run<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!table?.found) return;
  const [newest] = await run<{ created_at: string | number | null }>('select max(created_at) as created_at from drizzle.__drizzle_migrations');
  if (newest?.created_at === null || newest?.created_at === undefined) return;
  const when = Number(newest.created_at);
  const migrations = releaseMigrations();
  const oldest = migrations.find((migration) => migration.tag === oldestSupportedMigration)!;
  if (when >= oldest.when) return;
  const level = migrations.find((migration) => migration.when === when)?.tag ?? `one of ${new Date(when).toISOString().slice(0, 10)}`;
  throw new Error(
    `This database was last upgraded to migration ${level}, older than ${oldest.tag}, the oldest this release ` +
      `upgrades from. Start a release whose newest migration is between ${oldest.tag} and ${migrations.at(-1)!.tag} ` +
      'on it once, so that it upgrades the database, then start this release again.',
  );
}

/**
 * A migration that would lose data refuses with `RAISE EXCEPTION 'Migration … would …'` (a guard,
 * docs/decisions/023). Drizzle wraps the database's error in "Failed query: …"; the refusal is said
 * as the guard words it, with what became of the database: every pending migration runs in one
 * transaction, and none of them is kept.
 */
export async function refusalsInWords(migrate: () => Promise<void>): Promise<void> {
  try {
    await migrate();
  } catch (error) {
    const refusal = guardRefusal(error);
    if (!refusal) throw error;
    throw new Error(`${refusal} Nothing was changed: the database is as it was before this upgrade.`, { cause: error });
  }
}

function guardRefusal(error: unknown): string | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code } = cause as { code?: unknown };
    if (code === 'P0001' && /^Migration \S+ would /.test(cause.message)) return cause.message;
  }
  return null;
}

/** `database.migrate()`: a database too old is refused before anything runs, a guard's refusal said in words. */
export async function migrateKeepingData(run: RunSql, migrate: () => Promise<void>): Promise<void> {
  await refuseUnsupportedDatabase(run);
  await refusalsInWords(migrate);
}
