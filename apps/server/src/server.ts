import { buildApp } from './app.ts';
import { purgeExpiredProviderRecords } from './auth/provider-adapter.ts';
import { purgeForgottenFailures } from './auth/sign-in-failures.ts';
import { purgeExpiredCounters } from './core/counters.ts';
import { purgeIdempotentWrites } from './core/idempotent-writes.ts';
import type { Db } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { databaseAwayRejections } from './db/unreachable.ts';
import { randomBytes } from 'node:crypto';
import { loadEnv, publicUrl, seedsDemo } from './env.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import { startMailQueue } from './modules/mail/mail.queue.ts';
import { purgeReminderMailClaims } from './modules/reminder-mail/reminder-mail.queries.ts';
import { startReminderMails } from './modules/reminder-mail/reminder-mail.queue.ts';
import { compactEnrollmentMonths } from './modules/reports/enrollment-report.ts';
import { compactDecisionMonths } from './modules/reports/kept-decisions.ts';
import { type Mailer, pendingInOutbox } from './plugins/mailer.ts';

const purgeEveryMs = 60 * 60 * 1000;

async function purgeExpired(db: Db): Promise<void> {
  await purgeExpiredCounters(db);
  await purgeForgottenFailures(db);
  await purgeExpiredProviderRecords(db);
  await purgeIdempotentWrites(db);
  await purgeReminderMailClaims(db);
  await compactDecisionMonths(db);
  await compactEnrollmentMonths(db);
}

/**
 * Starts the product: migrate, seed an empty database (demo data: env.ts seedsDemo), start
 * the job queue, listen.
 */
async function main() {
  const env = loadEnv();
  const database = await openDatabase(env);
  await database.migrate();
  const { seedAll } = await import('./seed/seed-all.ts');
  // The published demo password only on the embedded database; on PostgreSQL (SEED_DEMO=true on
  // purpose) the demo accounts get a password of their own, said once here and nowhere else.
  const ownPassword = database.kind === 'postgres' ? randomBytes(12).toString('base64url') : undefined;
  const seeded = await seedAll(database, { demo: seedsDemo(env, database.kind), password: ownPassword });
  if (seeded.demo.seeded && ownPassword) {
    console.log(`Demo accounts created on PostgreSQL. Their password, shown this once: ${ownPassword}`);
  }
  // The app is built before the queue starts so that the queue logs through the app's logger;
  // nothing calls the mailer before `listen`, and the queue is running by then.
  let mailer: Mailer | null = null;
  const app = await buildApp({
    env,
    database,
    mailer: { dispatch: (ids) => (mailer ?? pendingInOutbox).dispatch(ids) },
  });
  // A database restart must not end the process through a promise nobody awaited (db/unreachable.ts).
  process.on('unhandledRejection', databaseAwayRejections(app.log));
  const queue = await startJobQueue(database, { connectionString: env.DATABASE_URL, log: app.log });
  const mail = await startMailQueue(queue.boss, {
    db: database.db,
    log: app.log,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
  });
  mailer = mail.mailer;
  // The morning mail of reminders due and follow-up, at REMINDER_MAIL_TIME (docs/decisions/021).
  const reminderMails = await startReminderMails(queue.boss, {
    db: database.db,
    log: app.log,
    // The app's mailer: a queue that cannot take a message logs it, and the start-up sweep sends it.
    mailer: app.mailer,
    time: env.REMINDER_MAIL_TIME,
    followupDays: env.FOLLOWUP_DAYS,
    baseUrl: publicUrl(env),
  });
  // Expired limits, forgotten failure series and the provider's spent records, at the start and
  // once an hour; and the kept decisions' and enrollments' rows of one key added up (a server that
  // restarts within the hour would otherwise never add them up).
  const purgeNow = () =>
    purgeExpired(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'purge of expired records failed'));
  void purgeNow();
  const purge = setInterval(() => void purgeNow(), purgeEveryMs);
  purge.unref();
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    clearInterval(purge);
    await app.close();
    // The job in hand finishes before the database closes, so PGlite closes cleanly and Node exits.
    await reminderMails.stop();
    await queue.stop();
    await mail.stop();
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
