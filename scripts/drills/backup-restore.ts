// Backup and restore at any size (issue 26, docs/decisions/022):
// `npx tsx scripts/drills/backup-restore.ts --from <DATA_DIR or postgres://…> --to <DATA_DIR or postgres://…> [--file F] [--replace]`
//
// Backs up the source database (a PGlite folder or a PostgreSQL URL) to a file, restores it into
// the target (empty unless --replace), then compares every table of the two (row counts and a
// digest of the rows) and prints the times, the file's size and the rows. Stop any server on
// either database first. Exits 1 when a table differs.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase } from '../../apps/server/src/db/backup/backup.ts';
import { restoreDatabase } from '../../apps/server/src/db/backup/restore.ts';
import { type Database, openPglite, openPostgres } from '../../apps/server/src/db/client.ts';
import { tableDigests } from '../../apps/server/test/support/table-digests.ts';

const { values: args } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    file: { type: 'string' },
    replace: { type: 'boolean', default: false },
  },
});
if (!args.from || !args.to) {
  console.error('Usage: npx tsx scripts/drills/backup-restore.ts --from <DATA_DIR or postgres://…> --to <DATA_DIR or postgres://…> [--file F] [--replace]');
  process.exit(2);
}

const open = (where: string): Promise<Database> =>
  where.startsWith('postgres') ? Promise.resolve(openPostgres(where, 1)) : openPglite(path.resolve(where));
const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2));

const scratch = args.file ? null : mkdtempSync(path.join(os.tmpdir(), 'srs-backup-drill-'));
const file = args.file ? path.resolve(args.file) : path.join(scratch!, 'backup.gz');
try {
  const source = await open(args.from);
  let started = performance.now();
  const backup = await backupDatabase(source, file);
  const backupSeconds = seconds(started);
  const sourceDigests = await tableDigests(source);
  await source.close();

  const target = await open(args.to);
  started = performance.now();
  const restore = await restoreDatabase(target, file, { replace: args.replace });
  const restoreSeconds = seconds(started);
  const targetDigests = await tableDigests(target);
  await target.close();

  const differing = Object.keys({ ...sourceDigests, ...targetDigests }).filter((t) => sourceDigests[t] !== targetDigests[t]);
  const rows = Object.values(backup.rows).reduce((sum, n) => sum + n, 0);
  console.log(
    JSON.stringify(
      {
        from: backup.header.database,
        to: target.kind,
        migration: backup.header.migration.tag,
        tables: backup.header.tables.length,
        rows,
        students: backup.rows.students,
        fileBytes: statSync(file).size,
        backupSeconds,
        restoreSeconds,
        newerMigrationsApplied: restore.migrated.length,
        tablesDiffering: differing,
      },
      null,
      2,
    ),
  );
  if (differing.length > 0) process.exitCode = 1;
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
