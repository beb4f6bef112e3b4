import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadEnv, rootDir } from '../../env.ts';
import { type Database, openPglite, openPostgres } from '../client.ts';
import { backupDatabase } from './backup.ts';
import { BackupError } from './format.ts';
import { refuseOtherConnections, restoreDatabase } from './restore.ts';

/**
 * `npm run db:backup [FILE]` and `npm run db:restore -- FILE [--replace]` (README "Backup and
 * restore", docs/decisions/022): the embedded PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL.
 */
const usage = `Usage:
  npm run db:backup [FILE]                 back up the database (default: backups/srs-backup-<time>.gz)
  npm run db:restore -- FILE [--replace]   restore a backup into an empty database (--replace: into any)`;

// npm runs scripts from the repository root; a file named on the command line is the caller's.
const callerDir = process.env.INIT_CWD ?? process.cwd();

async function openTarget(purpose: 'backup' | 'restore'): Promise<Database> {
  const env = loadEnv();
  // One connection: the backup is one transaction, and a restore sees any other connection as a server.
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, 1);
  if (purpose === 'backup' && !existsSync(path.join(env.DATA_DIR, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${env.DATA_DIR} to back up.`);
  }
  try {
    return await openPglite(env.DATA_DIR);
  } catch (error) {
    const owner = error instanceof Error ? /is in use by another process \(pid (\d+)\)/.exec(error.message) : null;
    if (owner) {
      throw new BackupError(
        `The database folder ${env.DATA_DIR} is in use by another process (pid ${owner[1]}): stop the server first, ` +
          `since a ${purpose} of the embedded database needs the folder to itself.`,
      );
    }
    throw error;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const total = (rows: Record<string, number>) => Object.values(rows).reduce((sum, n) => sum + n, 0);

async function backup(args: string[]) {
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) throw new BackupError(usage);
  const file = args[0]
    ? path.resolve(callerDir, args[0])
    : path.join(rootDir, 'backups', `srs-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.gz`);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const started = performance.now();
  const database = await openTarget('backup');
  try {
    const { header, rows } = await backupDatabase(database, file);
    console.log(
      `Backed up ${total(rows)} rows of ${header.tables.length} tables at migration ${header.migration.tag} ` +
        `to ${file} (${megabytes(statSync(file).size)}, readable by its owner only) in ${seconds(started)}.`,
    );
  } finally {
    await database.close();
  }
}

async function restore(args: string[]) {
  const replace = args.includes('--replace');
  const files = args.filter((arg) => arg !== '--replace');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new BackupError(usage);
  const file = path.resolve(callerDir, files[0]!);
  const started = performance.now();
  const database = await openTarget('restore');
  try {
    await refuseOtherConnections(database);
    const { header, rows, migrated } = await restoreDatabase(database, file, { replace });
    console.log(
      `Restored ${total(rows)} rows of ${header.tables.length} tables from ${file} (made ${header.createdAt} ` +
        `at migration ${header.migration.tag}) in ${seconds(started)}.`,
    );
    if (migrated.length > 0) console.log(`Applied this release's newer migrations: ${migrated.map((m) => m.tag).join(', ')}.`);
    console.log('Start the server: mail still pending in the outbox is queued again at start-up.');
  } finally {
    await database.close();
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  if (command === 'backup') await backup(args);
  else if (command === 'restore') await restore(args);
  else throw new BackupError(usage);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error, (error as { cause?: unknown }).cause ?? '');
  process.exit(1);
});
