import { productTables, tableName } from '../../src/db/backup/catalog.ts';
import type { Database } from '../../src/db/client.ts';
import { inOneTransaction } from '../../src/db/one-transaction.ts';

/**
 * Every product table's row count and a digest of its rows: the sum of each row's 64-bit hash,
 * which needs no sort (in the UTC time zone, so that PGlite and PostgreSQL write the rows alike).
 * Two databases whose digests are equal hold the same rows (backup-restore.test.ts, the drill).
 */
export async function tableDigests(database: Database): Promise<Record<string, string>> {
  return inOneTransaction(database, async (tx) => {
    await tx.run(`set local time zone 'UTC'`);
    const tables = await productTables(tx.run);
    const rows = await tx.run<{ name: string; digest: string }>(
      tables
        .map(
          (table) => `select '${table.name}' as name, count(*) || ' ' || coalesce(sum(hashtextextended(r::text, 0)), 0) as digest
            from ${tableName(table.name)} r`,
        )
        .join(' union all '),
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
  });
}
