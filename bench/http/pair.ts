// One scenario under load: the same rotation of calls against the app, then against the baseline,
// once both answered the same body for it.
import { compareBodies } from './compare.ts';
import { config } from './config.ts';
import { type LoadResult, type LoadTarget, runLoad } from './load.ts';
import type { Server } from './processes.ts';
import { type LoadRow, printLoadRow } from './report.ts';
import type { RssSampler } from './rss.ts';
import type { Staff } from './tokens.ts';

export type Context = {
  app: Server;
  baseline: Server;
  rss: RssSampler;
  loadRows: LoadRow[];
  failures: string[];
};

export type PairScenario = {
  group: string;
  scenario: string;
  staff: Staff;
  connections: number;
  paths: string[];
  /** False when the baseline has no such call (the app alone is measured). */
  baseline?: boolean;
};

/** Every call of a short rotation; the first, middle and last of a long one (different terms). */
function checked(paths: string[]): string[] {
  if (paths.length <= 9) return paths;
  const picks = [paths[0], paths[Math.floor(paths.length / 2)], paths[paths.length - 1]];
  return [...new Set(picks)].filter((path): path is string => path !== undefined);
}

export const selected = (name: string) => !config.only || name.includes(config.only);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Warm-up, then the measured run. A call so slow that the warm-up saw fewer than two answers a
 * client is measured by count instead (one call a client, each waited for), once the calls the
 * warm-up left running on the server have finished.
 */
async function measure(target: LoadTarget): Promise<LoadResult> {
  const warm = await runLoad(target, { seconds: config.warmup });
  if (warm.requests >= 2 * target.connections) return runLoad(target, { seconds: config.duration });
  await sleep(Math.min(10_000, Math.max(2_000, warm.requests > 0 ? warm.p99 : 5_000)));
  return runLoad(target, { amount: target.connections });
}

export async function runPair(context: Context, scenario: PairScenario): Promise<void> {
  if (!selected(`${scenario.group} ${scenario.scenario}`)) return;
  if (scenario.paths.length === 0) throw new Error(`${scenario.scenario}: nothing to ask for`);
  const row: LoadRow = {
    group: scenario.group,
    scenario: scenario.scenario,
    user: scenario.staff.label,
    connections: scenario.connections,
    app: null,
    baseline: null,
    check: 'no baseline',
    rss: null,
  };
  const app = { url: context.app.url, headers: scenario.staff.app };
  const baseline = { url: context.baseline.url, headers: scenario.staff.baseline };
  if (scenario.baseline !== false) {
    for (const path of checked(scenario.paths)) {
      const difference = await compareBodies(app, baseline, path).catch((error: unknown) => String(error));
      if (difference) {
        row.check = `BODY MISMATCH ${difference}`;
        context.failures.push(`${scenario.scenario} (${scenario.staff.label}): ${difference}`);
        const who = `${scenario.scenario} (${scenario.staff.label})`;
        console.error(`\n!!! ${who}: the app and the baseline answer different bodies:\n!!! ${difference}\n`);
        context.loadRows.push(row);
        printLoadRow(row);
        return;
      }
    }
    row.check = 'same body';
  }
  const target = (side: typeof app) => ({ ...side, paths: scenario.paths, connections: scenario.connections });
  const window = context.rss.window();
  row.app = await measure(target(app));
  row.rss = window();
  if (scenario.baseline !== false) row.baseline = await measure(target(baseline));
  context.loadRows.push(row);
  printLoadRow(row);
}
