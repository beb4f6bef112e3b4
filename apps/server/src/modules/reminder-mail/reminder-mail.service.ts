import { ListQuery } from '@srs/shared/common';
import type { TokenUser } from '@srs/shared/roles';
import { loadRoles } from '../../auth/current-user.ts';
import { resolveScope, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import type { JobLog } from '../../jobs/job-queue.ts';
import { listNeedingFollowup, listRemindersDue } from '../enrollments/public.ts';
import { queueMail, recipientLanguage } from '../mail/public.ts';
import { claimDay, recipientsAfter } from './reminder-mail.queries.ts';
import { reminderMail, reminderMailRows } from './reminder-mail.text.ts';

export type ReminderMailRun = {
  db: Db;
  /** Today, YYYY-MM-DD in the server's zone: the lists are today's. */
  day: string;
  followupDays: number;
  baseUrl: string;
  /** Hands the outbox ids to the mail queue after their commit (app.mailer.dispatch). */
  dispatch: (outboxIds: number[]) => Promise<void>;
  log: JobLog;
};

/** People read and mailed this many at a time: their roles in one query, their mail handed on together. */
const batchSize = 100;

const firstRows = ListQuery.parse({ per_page: String(reminderMailRows) });

/** The whole network's scope: its lists do not depend on who reads them. */
const networkScope: Scope = { userId: 0, all: true, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [] };

type Lists = [Awaited<ReturnType<typeof listRemindersDue>>, Awaited<ReturnType<typeof listNeedingFollowup>>];

/** The dashboard's two lists in a scope (the same queries). */
function listsOf(scope: Scope, run: ReminderMailRun): Promise<Lists> {
  return Promise.all([
    listRemindersDue(run.db, scope, firstRows, run.day),
    listNeedingFollowup(run.db, scope, firstRows, run.followupDays),
  ]);
}

/**
 * One person's morning mail: the dashboard's two lists in their scope, and, when either holds
 * something, the mail put in the outbox in the transaction that claims the day. The lists are read
 * before the transaction, so it holds its connection for two inserts only. Everyone who sees the
 * whole network shares one reading of its lists per run (`network`).
 */
async function mailOne(user: TokenUser, run: ReminderMailRun, network: () => Promise<Lists>): Promise<number | null> {
  const scope = await resolveScope(run.db, user);
  const [reminders, followup] = await (scope.all ? network() : listsOf(scope, run));
  if (reminders.total === 0 && followup.total === 0) return null;
  const message = reminderMail({
    to: user.email,
    firstName: user.first_name,
    language: recipientLanguage(user.language),
    day: run.day,
    baseUrl: run.baseUrl,
    reminders: { rows: reminders.reminders, total: reminders.total, capped: reminders.more.total_capped },
    followup: { rows: followup.enrollments, total: followup.total, capped: followup.more.total_capped },
  });
  return run.db.transaction(async (tx) => ((await claimDay(tx, user, run.day)) ? queueMail(tx, message) : null));
}

/**
 * The morning mail of `day` to everyone who wants it, has something and has had none that day
 * (docs/decisions/021). Safe to run any number of times, from any number of instances at once:
 * each person's mail exists exactly when their claim of the day does. A person whose mail fails is
 * passed over and counted, so that the others still get theirs; the queue's job then fails and its
 * retry tries those again.
 */
export async function sendReminderMails(run: ReminderMailRun): Promise<{ queued: number; failed: number }> {
  let afterId = 0;
  let queued = 0;
  let failed = 0;
  let networkLists: Promise<Lists> | null = null;
  const network = () => (networkLists ??= listsOf(networkScope, run));
  for (;;) {
    const batch = await recipientsAfter(run.db, run.day, afterId, batchSize);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1]!.id;
    const roles = await loadRoles(
      run.db,
      batch.map((person) => person.id),
    );
    const outboxIds: number[] = [];
    for (const person of batch) {
      try {
        const id = await mailOne({ ...person, roles: roles.get(person.id) ?? [] }, run, network);
        if (id !== null) outboxIds.push(id);
      } catch (error) {
        failed += 1;
        run.log.error({ err: error, userId: person.id }, 'reminder mail: one person’s mail failed');
      }
    }
    await run.dispatch(outboxIds);
    queued += outboxIds.length;
  }
  return { queued, failed };
}
