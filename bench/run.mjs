// `npm run bench`: every benchmark under bench/, printing figures (never asserting times);
// `npm run bench -- <name>` the one named, or those whose name contains it.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const benches = readdirSync(here).filter((name) => name.endsWith('.ts'));
// A bench's whole name runs that bench alone (`student-import`, not `student-import-http` too).
const exact = benches.filter((name) => name === `${only}.ts`);
for (const file of exact.length > 0 ? exact : benches.filter((name) => !only || name.includes(only))) {
  console.log(`\n== ${file}`);
  const result = spawnSync('npx', ['tsx', path.join(here, file)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
