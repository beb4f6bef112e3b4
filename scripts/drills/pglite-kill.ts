// `npx tsx scripts/drills/pglite-kill.ts [--kills N] [--seed S]` (issue 26): a child process commits
// rows to the product's embedded database (PGlite) in one temporary folder and is SIGKILLed at a
// seeded random moment, N times over; after each kill the folder is opened again and every row
// whose commit the child had reported must be there. Prints the totals; exits 1 if a row was lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { killPgliteWriter } from '../../apps/server/test/support/drills/pglite-kill.ts';

const { values } = parseArgs({ options: { kills: { type: 'string', default: '20' }, seed: { type: 'string', default: '1' } } });
let state = Number(values.seed) >>> 0;
const random = () => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 4294967296;
};
const dir = mkdtempSync(path.join(tmpdir(), 'srs-pglite-kill-'));
const totals = { kills: 0, acknowledged: 0, lost: 0, unreported: 0, staleLocks: 0, reopenMs: [] as number[] };
try {
  for (let kill = 1; kill <= Number(values.kills); kill++) {
    const round = await killPgliteWriter(dir, 50 + Math.floor(random() * 1500));
    totals.kills += 1;
    totals.acknowledged += round.acknowledged;
    totals.lost += round.lost;
    totals.unreported += round.unreported;
    totals.staleLocks += round.staleLockPid === null ? 0 : 1;
    totals.reopenMs.push(round.reopenMs);
    console.log(`kill ${kill}: ${round.acknowledged} acknowledged, ${round.lost} lost, ${round.unreported} committed but unreported, reopened in ${round.reopenMs} ms`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\nPGlite kill drill: ${totals.kills} kills, ${totals.acknowledged} commits acknowledged, ${totals.lost} lost, ` +
    `${totals.unreported} committed but unreported, ${totals.staleLocks} stale lock files passed, ` +
    `reopen max ${Math.max(...totals.reopenMs)} ms`,
);
process.exit(totals.lost > 0 ? 1 : 0);
