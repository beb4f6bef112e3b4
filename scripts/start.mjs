// `npm start`: builds what is not built (or is older than its sources), then runs the server,
// which migrates and seeds an empty database before it listens.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newest(path.join(root, source)) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale(path.join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'apps/web/public', 'packages/shared/src'])) {
  run(['run', 'build', '-w', '@srs/web']);
}
if (stale(path.join(root, 'apps/server/dist/server.js'), ['apps/server/src', 'packages/shared/src'])) {
  run(['run', 'build', '-w', '@srs/server']);
}

const server = spawnSync(process.execPath, [...serverNodeFlags(process.env.NODE_OPTIONS), path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(server.status ?? 0);
