import type { Database } from '../db/client.ts';
import { type DemoSummary, seedDemo } from './demo.ts';
import { type ReferenceCounts, seedReference } from './reference.ts';

/**
 * What the server runs on every start: reference data always, the demo network when asked
 * (env.ts seedsDemo: on the embedded database unless SEED_DEMO=false). Both parts skip what is
 * already there. `password` is the demo accounts' password (the published one by default).
 */
export async function seedAll(
  database: Database,
  options: { demo?: boolean; password?: string; today?: Date } = {},
): Promise<{ reference: ReferenceCounts; demo: DemoSummary }> {
  const reference = await seedReference(database);
  const demo = options.demo === false ? ({ seeded: false } as const) : await seedDemo(database, options);
  return { reference, demo };
}
