import { buildApp } from './app.ts';
import { openDatabase } from './db/open.ts';
import { loadEnv, publicUrl } from './env.ts';

/** Starts the product: migrate, seed an empty database (demo data unless SEED_DEMO=false), listen. */
async function main() {
  const env = loadEnv();
  const database = await openDatabase(env);
  await database.migrate();
  const { seedAll } = await import('./db/seed/seed-all.ts');
  await seedAll(database, { demo: env.SEED_DEMO });
  const app = await buildApp({ env, database });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `Student Records System is ready at ${publicUrl(env)} (${database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
