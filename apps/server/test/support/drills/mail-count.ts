import type { Database } from '../../../src/db/client.ts';
import { outboxMessageId } from '../../../src/modules/mail/mail.queue.ts';
import type { SmtpSink } from '../smtp-sink.ts';
import type { MailFigures } from './crash-figures.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Watches the outbox's pending messages leave. `settled` resolves once none is pending, or once
 * their number has not changed for `stillMs` (a message whose job was in hand at a kill stays
 * pending until that job expires, five minutes: waiting for it would only cost the wait), or at
 * `waitMs` from the watch's start. Started before other work (the retries of the crash drill's end),
 * the stillness is measured meanwhile.
 */
export function watchPendingMail(database: Database, { waitMs = 20_000, stillMs = 5_000 } = {}) {
  const pendingCount = async () =>
    (await database.query<{ n: number }>(`select count(*)::int as n from mail_outbox where status = 'pending'`))[0]!.n;
  const deadline = Date.now() + waitMs;
  let stop = false;
  const watching = (async () => {
    let pending = await pendingCount();
    let changedAt = Date.now();
    while (!stop && pending > 0 && Date.now() < deadline) {
      await sleep(250);
      const now = await pendingCount();
      if (now !== pending) changedAt = Date.now();
      pending = now;
      if (Date.now() - changedAt >= stillMs) break;
    }
  })();
  return {
    /** Resolves as described above; `stopWatching` ends it at once. */
    settled: () => watching,
    stopWatching: async () => {
      stop = true;
      await watching.catch(() => {});
    },
  };
}

/**
 * Each outbox message against what the SMTP sink received, by Message-ID (stable per message:
 * mail.queue.ts), once the pending messages have left or stood still (watchPendingMail).
 */
export async function countMail(
  database: Database,
  sink: SmtpSink,
  from: string,
  watch: ReturnType<typeof watchPendingMail> = watchPendingMail(database),
): Promise<MailFigures> {
  await watch.settled();
  const rows = await database.query<{ id: number; status: string; created_at: Date }>(
    'select id, status, created_at from mail_outbox order by id',
  );
  const copies = new Map<string, number>();
  for (const mail of sink.received) {
    const id = /^Message-ID:\s*(.*)$/im.exec(mail.data)?.[1]?.trim() ?? '';
    copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  let sentTwice = 0;
  let sentNotReceived = 0;
  const known = new Set<string>();
  for (const row of rows) {
    const id = outboxMessageId({ id: Number(row.id), createdAt: new Date(row.created_at) }, from);
    known.add(id);
    const count = copies.get(id) ?? 0;
    if (count > 1) sentTwice += 1;
    if (row.status === 'sent' && count === 0) sentNotReceived += 1;
  }
  return {
    outbox: rows.length,
    sent: rows.filter((row) => row.status === 'sent').length,
    pending: rows.filter((row) => row.status === 'pending').length,
    received: sink.received.length,
    sentTwice,
    sentNotReceived,
    unmatched: [...copies.entries()].filter(([id]) => !known.has(id)).reduce((sum, [, count]) => sum + count, 0),
  };
}
