// `npm run bench`: every benchmark under bench/, printing figures (never asserting times).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
for (const file of readdirSync(here).filter((name) => name.endsWith('.ts') && (!only || name.includes(only)))) {
  console.log(`\n== ${file}`);
  const result = spawnSync('npx', ['tsx', path.join(here, file)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
