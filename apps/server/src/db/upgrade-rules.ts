import { migrationLevel, releaseMigrations } from './migrate-to.ts';
import type { RunSql } from './one-transaction.ts';

/**
 * The oldest migration set this release upgrades from (docs/decisions/023): a database whose newest
 * migration is older must first be upgraded by an older release. apps/server/test/upgrade.test.ts
 * upgrades that release's own data (test/fixtures/upgrade-from-0001_initial.sql.gz) to today's.
 */
export const oldestSupportedMigration = '0001_initial';

/** Refuses, in a sentence saying what to do, a database older than `oldestSupportedMigration`. */
export async function refuseUnsupportedDatabase(run: RunSql): Promise<void> {
  const level = await migrationLevel(run);
  const migrations = releaseMigrations();
  const oldest = migrations.find((migration) => migration.tag === oldestSupportedMigration)!;
  if (level && level.when < oldest.when) {
    throw new Error(
      `This database was last upgraded to migration ${level.tag}, older than ${oldest.tag}, the oldest this release ` +
        `upgrades from. Start a release whose newest migration is between ${oldest.tag} and ${migrations.at(-1)!.tag} ` +
        'on it once, so that it upgrades the database, then start this release again.',
    );
  }
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
