import { openDatabase } from '../db/open.ts';
import { loadEnv } from '../env.ts';
import { seedDemo } from './demo.ts';
import { seedLarge } from './large.ts';
import { seedReference } from './reference.ts';

/**
 * `npm run db:seed -w @srs/server -- [--students N]`: migrates, loads reference and demo data into
 * an empty database, and with --students builds a large benchmark network on top.
 */
function studentsArgument(argv: string[]): number | undefined {
  const index = argv.findIndex((arg) => arg === '--students' || arg.startsWith('--students='));
  if (index < 0) return undefined;
  const arg = argv[index]!;
  const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
  const value = Number((raw ?? '').replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--students needs a positive whole number, not ${raw}`);
  return value;
}

async function main() {
  const students = studentsArgument(process.argv.slice(2));
  const env = loadEnv();
  const database = await openDatabase(env);
  try {
    const started = performance.now();
    await database.migrate();
    const reference = await seedReference(database);
    console.log(
      `reference: ${reference.countries} countries, ${reference.states} states, ${reference.zipCentroids} zip centroids`,
    );
    const demo = await seedDemo(database);
    console.log(demo.seeded ? `demo: ${JSON.stringify(demo)}` : 'demo: users already present, skipped');
    if (students) await seedLarge(database, { students });
    console.log(`seed finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  // Drizzle wraps the database's own message in `cause`.
  console.error(
    error instanceof Error ? (error.stack ?? error.message) : error,
    (error as { cause?: unknown }).cause ?? '',
  );
  process.exit(1);
});
