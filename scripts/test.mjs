// `npm test`: the whole suite, in the order that fails soonest and in the time a 2-core machine
// allows (docs/performance.md, "CI time").
//   1. The typecheck, one `tsc` per tsconfig, and the linter: two at a time.
//   2. The unit and server tests beside the end-to-end journeys. A journey alone leaves a third of
//      the machine idle while it waits on the browser or the server; the unit tests fill that time
//      (one after the other 636 s, side by side 572 s, 2026-11-27).
//   3. The size budget, on the build the journeys ran.
// Each line a step prints is prefixed with the step's name. Any step failing fails the suite, after
// the steps running beside it have finished, so that one run shows every failure.
// `node scripts/test.mjs typecheck` runs the first phase's typecheck alone (`npm run typecheck`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const typecheck = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'].map((project) => ({
  name: `tsc ${project}`,
  command: [bin('tsc'), '-p', project],
}));
const lint = { name: 'lint', command: [bin('eslint'), '.', '--max-warnings', '0'] };
const unit = { name: 'unit', command: [bin('vitest'), 'run'] };
const e2e = { name: 'e2e', command: [process.execPath, 'e2e/run.mjs'] };
const size = { name: 'size', command: [process.execPath, 'scripts/size-budget.mjs'] };

/** Runs a step, its output prefixed line by line; resolves to whether it passed. */
function run({ name, command }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (text) => {
        const lines = (pending + text).split('\n');
        pending = lines.pop();
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => pending && out.write(`[${name}] ${pending}\n`));
    }
    child.on('error', (error) => {
      console.error(`[${name}] ${error.message}`);
      resolve(false);
    });
    child.on('close', (code) => {
      console.log(`[${name}] ${code === 0 ? 'passed' : `failed (exit code ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(code === 0);
    });
  });
}

/** Runs the steps, at most `width` at a time; resolves to whether all passed. */
async function together(steps, width = steps.length) {
  const queue = [...steps];
  const results = await Promise.all(
    Array.from({ length: width }, async () => {
      let passed = true;
      for (let step = queue.shift(); step; step = queue.shift()) passed = (await run(step)) && passed;
      return passed;
    }),
  );
  return results.every(Boolean);
}

const phases =
  process.argv[2] === 'typecheck'
    ? [() => together(typecheck, 2)]
    : [() => together([lint, ...typecheck], 2), () => together([unit, e2e]), () => run(size)];
for (const phase of phases) {
  if (!(await phase())) {
    console.error(`${process.argv[2] ?? 'npm test'} failed`);
    process.exit(1);
  }
}
console.log(`${process.argv[2] ?? 'npm test'} passed`);
