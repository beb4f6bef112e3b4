// Adds Spanish for packages/shared's English texts (docs/decisions/027) to
// packages/shared/src/locales/shared.es.json: `node scripts/add-shared-spanish.mjs entries.json`,
// where entries.json is { "English text": "Spanish text", ... }. Several people may add at once:
// each waits for the others (a lock directory), the file stays sorted, and a text already
// translated differently is refused rather than overwritten.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'packages/shared/src/locales/shared.es.json');
const lock = `${target}.lock`;
const entries = JSON.parse(readFileSync(process.argv[2], 'utf8'));

const deadline = Date.now() + 30_000;
for (;;) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (Date.now() > deadline) throw new Error(`${lock} is held: remove it if nobody is adding`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
try {
  const current = JSON.parse(readFileSync(target, 'utf8'));
  const clashes = Object.entries(entries).filter(([en, es]) => en in current && current[en] !== es);
  for (const [en, es] of clashes) console.error(`kept "${current[en]}" for "${en}" (not "${es}")`);
  const merged = { ...entries, ...current };
  const sorted = Object.fromEntries(Object.keys(merged).sort().map((key) => [key, merged[key]]));
  writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${Object.keys(entries).length - clashes.length} added or already there, ${clashes.length} kept as they were`);
} finally {
  rmdirSync(lock);
}
