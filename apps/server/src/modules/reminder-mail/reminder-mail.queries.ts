import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import type { DbOrTx } from '../../db/client.ts';
import { reminderMailKind } from './reminder-mail.text.ts';

/** A person who may get the morning mail, with the language they chose (the mail's words: issue 29). */
export type Recipient = { id: number; email: string; first_name: string; last_name: string; admin: boolean; language: 'en' | 'es' | null };

/**
 * The next people, by id after `afterId`, who may get the morning mail of `day`: active (a deleted
 * account is an inactive one), with the switch on (not said is on: `receivesNotice`), and none for
 * that day yet.
 */
export async function recipientsAfter(db: DbOrTx, day: string, afterId: number, limit: number): Promise<Recipient[]> {
  return rows<Recipient>(
    db.execute(sql`select u.id, u.email, u.first_name, u.last_name, u.admin, u.language
      from users u left join user_settings us on us.user_id = u.id
      where u.active and u.id > ${afterId}
        and (us.email_preferences -> ${reminderMailKind}) is distinct from 'false'::jsonb
        and not exists (select 1 from reminder_mails rm where rm.user_id = u.id and rm.day = ${day}::date)
      order by u.id limit ${limit}`),
  );
}

/**
 * Claims `day`'s morning mail for the person, inside the transaction that puts it in the outbox:
 * true for the one transaction that inserted the row; a second one (another instance, a run after
 * a restart, a retry) waits on the key and then inserts nothing, and queues nothing. The person is
 * read again as they are now: deactivated, moved to another address or switched off since their
 * lists were read, they get nothing.
 */
export async function claimDay(tx: DbOrTx, recipient: Pick<Recipient, 'id' | 'email'>, day: string): Promise<boolean> {
  const claimed = await rows<{ user_id: number }>(
    tx.execute(sql`insert into reminder_mails (user_id, day)
      select u.id, ${day}::date from users u left join user_settings us on us.user_id = u.id
      where u.id = ${recipient.id} and u.active and u.email = ${recipient.email}
        and (us.email_preferences -> ${reminderMailKind}) is distinct from 'false'::jsonb
      on conflict do nothing returning user_id`),
  );
  return claimed.length > 0;
}

/** The claims of days long past: a run only ever looks at today's. */
export async function purgeReminderMailClaims(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from reminder_mails where day < current_date - 7`);
}
