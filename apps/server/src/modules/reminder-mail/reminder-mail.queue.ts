import type PgBoss from 'pg-boss';
import { hitCounter, readCounter } from '../../core/counters.ts';
import { today } from '../../core/csv.ts';
import type { Db } from '../../db/client.ts';
import { createQueueOnce, type JobLog } from '../../jobs/job-queue.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { sendReminderMails } from './reminder-mail.service.ts';

export const reminderMailQueueName = 'reminder-mail';

/** A day's run that went through to its end, kept (core/counters.ts) past the day it is about. */
const dayFinishedKey = (day: string) => `reminder-mail-finished:${day}`;
const dayKeptMs = 2 * 24 * 60 * 60 * 1000;

export type ReminderMailJob = { day: string };

export type ReminderMailOptions = {
  db: Db;
  log: JobLog;
  mailer: Mailer;
  /** REMINDER_MAIL_TIME: HH:MM in the server's zone. */
  time: string;
  followupDays: number;
  baseUrl: string;
  /** The clock (tests set their own). */
  now?: () => Date;
  /** How often each instance looks at the clock. */
  checkEveryMs?: number;
};

export type ReminderMails = {
  /** Looks at the clock now: queues the day's run once the time has come, once per instance and day. */
  check: () => Promise<void>;
  stop: () => Promise<void>;
};

/** The day whose morning mail is due at `now`: today once the clock has reached `time`, else null. */
export function mailDayAt(now: Date, time: string): string | null {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return now.getHours() * 60 + now.getMinutes() >= hours * 60 + minutes ? today(now) : null;
}

/**
 * The morning mail (docs/decisions/021). pg-boss runs no clock here (`schedule: false`), so each
 * instance looks at its own every minute and, once the time has come, queues the day's run once;
 * at start-up too, so a server started after the time still sends that morning's mail. One job
 * per day waits in the queue at most ('short' policy, the day as its key), any instance works it,
 * and a failed run is retried. Never two mails to one person on one day rests on the claim in
 * `reminder_mails`, not on the queue: a second run, from another instance or after a restart,
 * mails only who has had none. Once a run has gone through, the day is marked finished and later
 * runs of that day do nothing, so a restart in the afternoon mails nobody.
 */
export async function startReminderMails(boss: PgBoss, options: ReminderMailOptions): Promise<ReminderMails> {
  const now = options.now ?? (() => new Date());
  await createQueueOnce(boss, reminderMailQueueName, {
    name: reminderMailQueueName,
    policy: 'short',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    // A network's run reads two lists per person: far longer than a mail's job.
    expireInSeconds: 60 * 60,
  });
  await boss.work<ReminderMailJob>(reminderMailQueueName, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    // A run queued before midnight and worked after it: that morning has passed, and the lists
    // would be the next day's.
    if (job.data.day !== today(now())) return;
    // The day's run already finished (another instance queued one more after it, or this one
    // restarted): the morning's mail went; a reminder that came due since waits for tomorrow's.
    const finished = dayFinishedKey(job.data.day);
    if ((await readCounter(options.db, finished, dayKeptMs)).count > 0) return;
    const { queued, failed } = await sendReminderMails({
      db: options.db,
      day: job.data.day,
      followupDays: options.followupDays,
      baseUrl: options.baseUrl,
      dispatch: (ids) => options.mailer.dispatch(ids),
      log: options.log,
    });
    if (queued > 0) options.log.info(`reminder mail: ${queued} morning mail(s) for ${job.data.day}`);
    if (failed > 0) throw new Error(`reminder mail: ${failed} morning mail(s) failed; the retry tries them again`);
    await hitCounter(options.db, finished, dayKeptMs);
  });
  let queuedDay: string | null = null;
  const check = async () => {
    const day = mailDayAt(now(), options.time);
    if (day === null || day === queuedDay) return;
    await boss.send(reminderMailQueueName, { day } satisfies ReminderMailJob, { singletonKey: day });
    queuedDay = day;
  };
  const checkQuietly = () =>
    check().catch((error: unknown) => options.log.warn({ err: error }, 'reminder mail: the day’s run could not be queued'));
  await checkQuietly();
  const timer = setInterval(() => void checkQuietly(), options.checkEveryMs ?? 60_000);
  timer.unref();
  return {
    check,
    stop: async () => {
      clearInterval(timer);
      await boss.offWork(reminderMailQueueName);
    },
  };
}
