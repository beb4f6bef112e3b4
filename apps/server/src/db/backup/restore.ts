import type { Database } from '../client.ts';
import { applyMigrations, type Migration, releaseMigrations } from '../migrate-to.ts';
import { inOneTransaction } from '../one-transaction.ts';
import {
  addForeignKey,
  copyTarget,
  dropForeignKey,
  dropProductObjects,
  foreignKeys,
  isEmpty,
  type ProductTable,
  productTables,
  setSequence,
  tableName,
} from './catalog.ts';
import { BackupError, type BackupHeader, BackupReader, checkBackup } from './format.ts';

export type RestoreResult = {
  header: BackupHeader;
  rows: Record<string, number>;
  /** This release's migrations applied after the backup's rows were loaded. */
  migrated: Migration[];
};

/**
 * Loads a backup into `database`: the file is read through and checked first, then loaded in one
 * transaction, so that a damaged file, a refusal or any failure leaves the database as it was: the schema is built by this release's migrations up to
 * the backup's, the rows are loaded (triggers off: the tables they maintain are in the backup too;
 * foreign keys made again after, which checks them), the sequences set, then this release's newer
 * migrations applied. A database that is not empty is refused unless `replace` is set.
 */
export async function restoreDatabase(database: Database, file: string, options: { replace?: boolean } = {}): Promise<RestoreResult> {
  await checkBackup(file);
  const reader = new BackupReader(file);
  try {
    const header = await reader.header();
    const level = releaseMigrations().find((m) => m.tag === header.migration.tag && m.when === header.migration.when);
    if (!level) {
      throw new BackupError(
        `The backup stands at migration ${header.migration.tag}, which this release does not have: it was made by a newer ` +
          'release; restore it with that release or a later one.',
      );
    }
    return await inOneTransaction(database, async (tx) => {
      if (!(await isEmpty(tx.run))) {
        if (!options.replace) {
          throw new BackupError(
            'The database is not empty: restore into an empty database, or add --replace to replace everything in it by the backup.',
          );
        }
        await dropProductObjects(tx.run);
      }
      await applyMigrations(tx.run, level.tag);
      const tables = tablesFitting(header, await productTables(tx.run));
      const keys = await foreignKeys(tx.run);
      for (const key of keys) await tx.run(dropForeignKey(key));
      for (const table of tables.values()) await tx.run(`alter table ${tableName(table.name)} disable trigger user`);
      // The backup is every table's rows: those the migrations wrote (the time zone the decisions
      // are counted in, migration 0036) make way for the backup's.
      await tx.run(`truncate ${[...tables.values()].map((table) => tableName(table.name)).join(', ')}`);
      const loaded = new Set<string>();
      for (let name = await reader.nextTable(); name !== null; name = await reader.nextTable()) {
        const table = tables.get(name);
        if (!table || loaded.has(name)) throw new BackupError(`The file ${file} is not a complete backup (a section is damaged): nothing was restored.`);
        loaded.add(name);
        await tx.copyIn(copyTarget(table), reader.tableRows(name));
      }
      if (loaded.size !== tables.size) {
        throw new BackupError(`The file ${file} is not a complete backup (tables are missing): nothing was restored.`);
      }
      for (const table of tables.values()) await tx.run(`alter table ${tableName(table.name)} enable trigger user`);
      for (const key of keys) await tx.run(addForeignKey(key));
      for (const sequence of header.sequences) await setSequence(tx.run, sequence);
      const migrated = await applyMigrations(tx.run);
      // Fresh tables have no statistics, and the embedded database has no autovacuum to gather them.
      await tx.run('analyze');
      return { header, rows: reader.rowsRead(), migrated };
    });
  } finally {
    reader.close();
  }
}

/** The backup's tables, which must be the ones this release's migrations make at the backup's level. */
function tablesFitting(header: BackupHeader, actual: ProductTable[]): Map<string, ProductTable> {
  const made = new Map(actual.map((table) => [table.name, new Set(table.columns)]));
  const misfits: string[] = [];
  for (const table of header.tables) {
    const columns = made.get(table.name);
    if (!columns) misfits.push(`no table ${table.name}`);
    else if (table.columns.length !== columns.size || table.columns.some((column) => !columns.has(column))) {
      misfits.push(`the columns of ${table.name} differ`);
    }
    made.delete(table.name);
  }
  for (const name of made.keys()) misfits.push(`the backup lacks table ${name}`);
  if (misfits.length > 0) {
    throw new BackupError(
      `The backup does not fit migration ${header.migration.tag} of this release (${misfits.join('; ')}): nothing was restored.`,
    );
  }
  return new Map(header.tables.map((table) => [table.name, table]));
}

/**
 * PostgreSQL: refuses while other connections are open on the database (a server still running
 * would go on with what it cached of the database it had). Call it from a pool of one connection.
 */
export async function refuseOtherConnections(database: Database) {
  if (database.kind !== 'postgres') return;
  const others = await database.query<{ name: string }>(
    `select coalesce(nullif(application_name, ''), 'unnamed') as name from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  if (others.length > 0) {
    const names = [...new Set(others.map((other) => other.name))].join(', ');
    throw new BackupError(
      `Stop every server using this database first: ${others.length} other connection(s) are open on it (${names}).`,
    );
  }
}
