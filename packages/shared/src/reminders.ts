import { z } from 'zod';
import { Pagination, PersonRef } from './common.ts';
import { formatDate } from './dates.ts';

/**
 * A reminder that has come back (docs/decisions/021): its date has come (today or before) and no
 * follow-up was made on or after it (DOMAIN.md, Follow-up), on an enrollment that is active and
 * not orphaned. A row of the dashboard's 'Reminders due' and of the morning mail.
 */
export const DueReminder = z.object({
  id: z.number(),
  date: z.string(),
  enrollment_id: z.number(),
  student: PersonRef,
  series: z.object({ id: z.number(), name: z.string(), type: z.enum(['Course', 'Seminar']) }),
  instructor: PersonRef.nullable(),
});
export type DueReminder = z.infer<typeof DueReminder>;

/** GET /enrollments/reminders_due: the enrollment waiting longest first, its reminders together in date order. */
export const DueRemindersResponse = z.object({ reminders: z.array(DueReminder), pagination: Pagination });
export type DueRemindersResponse = z.infer<typeof DueRemindersResponse>;

/** 'Due today' or 'Overdue since 11/20/2026': where a reminder due stands, in words (never colour alone). */
export function dueReminderWords(date: string, today: string): string {
  return date.slice(0, 10) >= today ? 'Due today' : `Overdue since ${formatDate(date)}`;
}
