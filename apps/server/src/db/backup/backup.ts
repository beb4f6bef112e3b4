import type { Database } from '../client.ts';
import { migrationLevel } from '../migrate-to.ts';
import { inOneTransaction } from '../one-transaction.ts';
import { copyTarget, productTables, sequenceValues } from './catalog.ts';
import { BackupError, type BackupHeader, BackupWriter } from './format.ts';

export type BackupResult = { header: BackupHeader; rows: Record<string, number> };

/**
 * Writes every table of the product to `file` (format.ts), from one snapshot: on PostgreSQL a
 * read-only REPEATABLE READ transaction, so a server that keeps writing meanwhile changes nothing
 * in it; PGlite has one connection, which this process holds. The job queue's schema is left out.
 */
export async function backupDatabase(database: Database, file: string): Promise<BackupResult> {
  const writer = new BackupWriter(file);
  try {
    const header = await inOneTransaction(
      database,
      async (tx) => {
        const migration = await migrationLevel(tx.run);
        if (!migration) throw new BackupError('The database has no migration applied: there is nothing to back up.');
        const tables = await productTables(tx.run);
        const header: BackupHeader = {
          product: 'Student Records System',
          format: 1,
          createdAt: new Date().toISOString(),
          database: database.kind,
          migration: { tag: migration.tag, when: migration.when },
          tables,
          sequences: await sequenceValues(tx.run),
        };
        await writer.header(header);
        for (const table of tables) await writer.table(table.name, (write) => tx.copyOut(copyTarget(table), write));
        return header;
      },
      { snapshot: true },
    );
    return { header, rows: await writer.finish() };
  } catch (error) {
    writer.abandon();
    throw error;
  }
}
