import { formatDate } from '@srs/shared/dates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCounter } from '../src/core/counters.ts';
import { rows } from '../src/core/lists.ts';
import { openPostgres } from '../src/db/client.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import { refreshAllEnrollmentCaches } from '../src/modules/enrollments/public.ts';
import { mailDayAt, startReminderMails } from '../src/modules/reminder-mail/reminder-mail.queue.ts';
import { claimDay } from '../src/modules/reminder-mail/reminder-mail.queries.ts';
import { sendReminderMails } from '../src/modules/reminder-mail/reminder-mail.service.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { dayFromToday, todayIso } from './support/enrollment-factories.ts';
import {
  createCourse,
  createNetwork,
  createSchool,
  createStudent,
  createUser,
  enroll,
  type Network,
  offer,
  remind,
  share,
} from './support/factories.ts';
import { eventually, recordingLog, startTestJobQueue } from './support/job-queue.ts';

const baseUrl = 'http://localhost:3000';

type Mail = { id: number; to: string; subject: string; text: string };

/**
 * The morning mail (docs/decisions/021): one a day to each active person who wants it and has
 * reminders due or students needing follow-up, through the outbox; never a second that day, however
 * many runs, instances or restarts.
 */
describe('the morning mail of reminders and follow-up', () => {
  let t: TestContext;
  let n: Network;
  let courseName: string;
  const ids: Record<string, number> = {};
  let busy: { id: number; email: string };
  let inactive: { id: number; email: string };

  const morningMails = async (): Promise<Mail[]> =>
    rows<Mail>(
      t.database.db.execute(
        sql`select id, "to", subject, text from mail_outbox where kind = 'reminder_mail' order by id`,
      ),
    );
  const mailsTo = async (email: string) => (await morningMails()).filter((mail) => mail.to === email);
  const run = (db = t.database.db) =>
    sendReminderMails({ db, day: todayIso(), followupDays: 30, baseUrl, dispatch: async () => {}, log: recordingLog() });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    n = await createNetwork(db);
    const { course } = await createCourse(db);
    courseName = course.name;
    for (const school of [n.schoolA, n.schoolB]) await offer(db, course.id, school.id);
    const a = await enroll(db, n.studentA.id, course.id);
    const a2 = await enroll(db, n.studentA2.id, course.id);
    const b = await enroll(db, n.studentB.id, course.id);
    ids.a = a.id;
    ids.b = b.id;
    await remind(db, a.id, todayIso());
    await remind(db, a.id, dayFromToday(-5));
    await remind(db, a.id, dayFromToday(4));
    await remind(db, a2.id, dayFromToday(-2));
    await remind(db, b.id, dayFromToday(-3));
    await share(db, n.studentB.id, n.instructorA.id);
    // Someone with more than one mail holds: 55 reminders come back on one enrollment.
    const school = await createSchool(db);
    await offer(db, course.id, school.id);
    const many = await createUser(db, { roleType: 'instructor', schoolId: school.id }, { firstName: 'Busy' });
    busy = many;
    const student = await createStudent(db, { schoolId: school.id, instructorId: many.id, firstName: 'Many', lastName: 'Reminders' });
    const manyEnrollment = await enroll(db, student.id, course.id);
    for (let i = 0; i < 55; i++) await remind(db, manyEnrollment.id, dayFromToday(-60 + i));
    // A deleted (inactive) account with a reminder due gets nothing.
    inactive = await createUser(db, { roleType: 'instructor', schoolId: school.id }, { active: false });
    const theirs = await createStudent(db, { schoolId: school.id, instructorId: inactive.id });
    await remind(db, (await enroll(db, theirs.id, course.id)).id, dayFromToday(-1));
    await refreshAllEnrollmentCaches(db);
  });
  afterAll(async () => t.close());

  it('is on by default and off in one switch of the account’s settings', async () => {
    const headers = await t.headersFor(n.otherInstructorA.email);
    const before = await t.app.inject({ method: 'GET', url: '/api/users/current', headers });
    expect(before.json().email_preferences).toMatchObject({ reminder_mail: true });
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/update_current',
      payload: { email_preferences: { reminder_mail: false } },
      headers,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().email_preferences).toMatchObject({ reminder_mail: false, new_student: true });
  });

  it('mails each person who has something, once, however many instances run it at once', async () => {
    // Two instances on the same database at the same moment: on PostgreSQL a second pool, as a
    // second server process has; the embedded database takes one process, so twice on it.
    const second =
      t.database.kind === 'postgres'
        ? openPostgres((t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString, 4)
        : null;
    try {
      const [one, two] = await Promise.all([run(), run(second?.db ?? t.database.db)]);
      expect(one.failed + two.failed).toBe(0);
      expect(one.queued + two.queued).toBeGreaterThan(0);
    } finally {
      await second?.close();
    }
    const mails = await morningMails();
    const recipients = mails.map((mail) => mail.to);
    expect(new Set(recipients).size).toBe(recipients.length);
    for (const who of [n.instructorA, n.instructorB, n.schoolAdminA, n.conferenceAdminA, n.globalAdmin, busy]) {
      expect(recipients, who.email).toContain(who.email);
    }
    // Switched off, or deleted: none.
    expect(recipients).not.toContain(n.otherInstructorA.email);
    expect(recipients).not.toContain(inactive.email);
    const claims = await rows<{ n: number }>(
      t.database.db.execute(sql`select count(*)::int as n from reminder_mails where day = ${todayIso()}::date`),
    );
    expect(claims[0]!.n).toBe(mails.length);
  });

  it('claims the day only for the person as they are now: switched off, moved or deactivated since, nothing', async () => {
    const db = t.database.db;
    const person = await createUser(db, { roleType: 'instructor', schoolId: n.schoolA.id });
    const day = dayFromToday(-30);
    expect(await claimDay(db, { id: person.id, email: 'old.address@example.org' }, day)).toBe(false);
    await db.execute(sql`insert into user_settings (user_id, email_preferences) values (${person.id}, '{"reminder_mail": false}')`);
    expect(await claimDay(db, person, day)).toBe(false);
    await db.execute(sql`update user_settings set email_preferences = '{}' where user_id = ${person.id}`);
    await db.execute(sql`update users set active = false where id = ${person.id}`);
    expect(await claimDay(db, person, day)).toBe(false);
    await db.execute(sql`update users set active = true where id = ${person.id}`);
    expect(await claimDay(db, person, day)).toBe(true);
    expect(await claimDay(db, person, day)).toBe(false);
  });

  it('sends nothing more when it runs again the same day (a restart, a retry)', async () => {
    const before = await morningMails();
    expect(await run()).toEqual({ queued: 0, failed: 0 });
    expect(await morningMails()).toEqual(before);
  });

  it('lists the reminders due and the students needing follow-up, each with a link to its enrollment', async () => {
    const [mail] = await mailsTo(n.instructorA.email);
    const overdue = dayFromToday(-5);
    expect(mail!.subject).toBe(`Reminders and follow-up, ${formatDate(todayIso())}: 3 reminders due, 2 to follow up`);
    const reminders = (enrollment: number, student: number) => `${baseUrl}/students/${student}/courses/enrollments/${enrollment}/reminders`;
    const lessons = (enrollment: number, student: number) => `${baseUrl}/students/${student}/courses/enrollments/${enrollment}/lessons`;
    const mmdd = (day: string) => formatDate(day).slice(0, 5);
    expect(mail!.text).toBe(
      [
        'Good morning Test,',
        '',
        '3 reminders due, today or overdue:',
        `- Zebulon Quartermain, ${courseName}: Overdue since ${formatDate(overdue)}`,
        `  ${reminders(ids.a!, n.studentA.id)}`,
        `- Zebulon Quartermain, ${courseName}: Due today`,
        `  ${reminders(ids.a!, n.studentA.id)}`,
        `- Yolanda Quartermain, ${courseName}: Overdue since ${formatDate(dayFromToday(-3))}`,
        `  ${reminders(ids.b!, n.studentB.id)}`,
        '',
        '2 courses and seminars to follow up, the longest waiting first:',
        `- Zebulon Quartermain, ${courseName}: Reminder due ${mmdd(overdue)}`,
        `  ${lessons(ids.a!, n.studentA.id)}`,
        `- Yolanda Quartermain, ${courseName}: Reminder due ${mmdd(dayFromToday(-3))}`,
        `  ${lessons(ids.b!, n.studentB.id)}`,
        '',
        '--',
        'You receive this mail on the mornings you have reminders due or students needing follow-up.',
        `To stop it, untick "Morning mail of reminders and follow-up" in Settings: ${baseUrl}/account/settings`,
        '',
      ].join('\n'),
    );
  });

  it('keeps a mail to the first 50 of a list, and says how many more with a link to them all', async () => {
    const [mail] = await mailsTo(busy.email);
    expect(mail!.text).toContain('55 reminders due, today or overdue:');
    expect(mail!.text.split('\n').filter((line) => line.startsWith('- Many Reminders'))).toHaveLength(50 + 1);
    expect(mail!.text).toContain(`… and 5 more: ${baseUrl}/`);
  });

  it('goes out through the queue once the configured time has come, once a day per person across instances', async () => {
    expect(mailDayAt(new Date(2026, 10, 28, 6, 59), '07:00')).toBeNull();
    expect(mailDayAt(new Date(2026, 10, 28, 7, 0), '07:00')).toBe('2026-11-28');
    expect(mailDayAt(new Date(2026, 10, 28, 23, 30), '07:00')).toBe('2026-11-28');
    // Someone who had nothing this morning has a reminder due now.
    const db = t.database.db;
    const late = await createUser(db, { roleType: 'instructor', schoolId: n.schoolB.id }, { firstName: 'Late' });
    const student = await createStudent(db, { schoolId: n.schoolB.id, instructorId: late.id });
    const { course } = await createCourse(db);
    await remind(db, (await enroll(db, student.id, course.id)).id, todayIso());
    await refreshAllEnrollmentCaches(db);
    const before = (await morningMails()).length;
    const log = recordingLog();
    const dispatched: number[] = [];
    const queues: JobQueue[] = [];
    const instances = [];
    try {
      for (let i = 0; i < 2; i++) {
        const queue = await startTestJobQueue(t.database, log);
        queues.push(queue);
        instances.push(
          await startReminderMails(queue.boss, {
            db,
            log,
            mailer: { dispatch: async (outboxIds) => void dispatched.push(...outboxIds) },
            time: '00:00',
            followupDays: 30,
            baseUrl,
          }),
        );
      }
      const [mail] = await eventually(async () => {
        const found = await mailsTo(late.email);
        return found.length > 0 ? found : undefined;
      });
      expect(dispatched).toContain(mail!.id);
      // Both instances have queued the day's run and the clock is checked again: still one each.
      for (const instance of instances) await instance.check();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await mailsTo(late.email)).toHaveLength(1);
      expect((await morningMails()).length).toBe(before + 1);
      expect(log.errors).toEqual([]);

      // The day's run has gone through: a server started in the afternoon mails nobody, not even
      // someone whose reminder came due since.
      await eventually(async () =>
        (await readCounter(db, `reminder-mail-finished:${todayIso()}`, 60_000)).count > 0 ? true : undefined,
      );
      const later = await createUser(db, { roleType: 'instructor', schoolId: n.schoolB.id }, { firstName: 'Later' });
      const theirs = await createStudent(db, { schoolId: n.schoolB.id, instructorId: later.id });
      await remind(db, (await enroll(db, theirs.id, course.id)).id, todayIso());
      await refreshAllEnrollmentCaches(db);
      const restarted = await startTestJobQueue(t.database, log);
      queues.push(restarted);
      instances.push(
        await startReminderMails(restarted.boss, {
          db,
          log,
          mailer: { dispatch: async () => {} },
          time: '00:00',
          followupDays: 30,
          baseUrl,
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await mailsTo(later.email)).toEqual([]);
    } finally {
      for (const instance of instances) await instance.stop();
      for (const queue of queues) await queue.stop();
    }
  });
});
