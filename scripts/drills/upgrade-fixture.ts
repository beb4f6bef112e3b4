/**
 * Builds apps/server/test/fixtures/upgrade-from-0001_initial.sql.gz, the data of the oldest release
 * this one upgrades from (docs/decisions/023), from that release itself:
 *
 *   npx tsx scripts/drills/upgrade-fixture.ts [postgres://postgres@127.0.0.1:5432/drill_upgrade_old]
 *
 * It checks out the last commit whose newest migration is 0001_initial into /tmp/old-release (its
 * node_modules are links to this checkout's, its own workspace packages its own), runs that
 * release's migrations and demo seed into the database named (dropped and created again), writes a
 * few rows into every table the seed leaves empty with that release's code (fill-old-release.ts),
 * keeps a sample of the zip centroids, dumps the data of the public schema as column-named
 * INSERTs, and removes the checkout.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const oldCommit = '2cbc7cb';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const worktree = '/tmp/old-release';
const url = new URL(process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/drill_upgrade_old');
const name = url.pathname.slice(1);
const connection = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];
const fixture = path.join(root, 'apps/server/test/fixtures/upgrade-from-0001_initial.sql.gz');

const run = (command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  execFileSync(command, args, { cwd: options.cwd ?? root, env: options.env ?? process.env, encoding: 'utf8', maxBuffer: 64 << 20 });

const newest = run('git', ['ls-tree', '--name-only', oldCommit, 'apps/server/src/db/migrations/']).split('\n').filter((f) => f.endsWith('.sql')).sort().at(-1);
if (!newest?.endsWith('0001_initial.sql')) throw new Error(`${oldCommit} is not a 0001_initial release (newest: ${newest}).`);

if (existsSync(worktree)) run('git', ['worktree', 'remove', '--force', worktree]);
run('git', ['worktree', 'add', '--detach', worktree, oldCommit]);
try {
  // Installed packages are this checkout's; the workspace packages (@srs/*) are the old release's own.
  mkdirSync(path.join(worktree, 'node_modules/@srs'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '@srs') symlinkSync(path.join(root, 'node_modules', entry), path.join(worktree, 'node_modules', entry));
  }
  for (const entry of readdirSync(path.join(root, 'node_modules/@srs'))) {
    symlinkSync(readlinkSync(path.join(root, 'node_modules/@srs', entry)), path.join(worktree, 'node_modules/@srs', entry));
  }
  run('dropdb', [...connection, '--if-exists', '--force', name]);
  run('createdb', [...connection, name]);
  const env = { ...process.env, DATABASE_URL: url.toString(), NODE_ENV: 'development' };
  const server = path.join(worktree, 'apps/server');
  process.stdout.write(run('npx', ['tsx', 'src/db/seed/cli.ts'], { cwd: server, env }));
  copyFileSync(path.join(root, 'scripts/drills/upgrade-fixture/fill-old-release.ts'), path.join(server, 'src/fill-old-release.ts'));
  process.stdout.write(run('npx', ['tsx', 'src/fill-old-release.ts'], { cwd: server, env }));

  // The zip centroids (33,791 reference rows, four in five of all) are kept for the zips the records
  // use and one in fifty of the rest: the test loads the file on both databases in every CI run.
  run('psql', [...connection, '-v', 'ON_ERROR_STOP=1', '-qc', `delete from zip_centroids z where abs(hashtext(z.zip_code)) % 50 <> 0
    and z.zip_code not in (select zip_code from students where zip_code is not null union select zip_code from claimed_zips
      union select school_zip_code from schools where school_zip_code is not null union select church_zip_code from schools where church_zip_code is not null
      union select zip_code from interests where zip_code is not null)`, name]);
  const dump = run('pg_dump', [...connection, '--data-only', '--column-inserts', '--rows-per-insert=1000', '--schema=public', name]);
  // Statements only: no psql meta-commands, no session settings (an empty search_path would stay on
  // the one connection of an embedded database).
  const statements = dump
    .split(/;\n/)
    .map((statement) => statement.replace(/^(--[^\n]*\n|\\[^\n]*\n|\s*\n)*/g, '').trim())
    .filter((statement) => statement.startsWith('INSERT INTO ') || statement.startsWith('SELECT pg_catalog.setval('));
  const text = `-- The data of release ${oldCommit} (migrations up to 0001_initial): its demo seed and scripts/drills/upgrade-fixture/fill-old-release.ts.\n${statements.join(';\n')};\n`;
  mkdirSync(path.dirname(fixture), { recursive: true });
  writeFileSync(fixture, gzipSync(text, { level: 9 }));
  console.log(`${statements.length} statements, ${text.length} bytes, ${gzipSync(text, { level: 9 }).length} bytes gzipped: ${path.relative(root, fixture)}`);
} finally {
  run('git', ['worktree', 'remove', '--force', worktree]);
}
