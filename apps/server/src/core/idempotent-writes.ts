import { idempotencyMessages } from '@srs/shared/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { Claim } from '../db/write-marks.ts';

/**
 * The kept keys of writes (table idempotent_writes, docs/decisions/020): one home for their SQL.
 * plugins/idempotency.ts claims and answers; the erasure and the purge clear them.
 */

/** How long a write's answer is kept: a day, then the purge puts "already done" in its place. */
export const keptForMs = 24 * 60 * 60 * 1000;
/**
 * How long the key of a write that was made is kept (issue 30): a phone that sent a write, lost
 * the answer and then the signal, sends it again when it is back online, days later maybe; the key
 * still says it was done. After 30 days the purge removes it and the key may be used again.
 */
export const rememberedForMs = 30 * 24 * 60 * 60 * 1000;

export type { Claim } from '../db/write-marks.ts';
export type KeptRow = {
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  /** The write's transaction committed (its mark came with it), answered or not. */
  written: boolean;
  age_ms: number;
};

export async function claim(db: DbOrTx, owner: Claim, fingerprint: string): Promise<boolean> {
  const result = await db.execute(
    sql`insert into idempotent_writes (user_id, route, key, fingerprint)
      values (${owner.userId}, ${owner.route}, ${owner.key}, ${fingerprint})
      on conflict do nothing returning 1 as claimed`,
  );
  return (result as { rows: unknown[] }).rows.length === 1;
}

export async function readKept(db: DbOrTx, owner: Claim): Promise<KeptRow | null> {
  const result = await db.execute<KeptRow>(
    sql`select fingerprint, status_code, content_type, body, written_at is not null as written,
        (extract(epoch from (now() - created_at)) * 1000)::float8 as age_ms
      from idempotent_writes where user_id = ${owner.userId} and route = ${owner.route} and key = ${owner.key}`,
  );
  return (result as { rows: KeptRow[] }).rows[0] ?? null;
}

/**
 * Takes over a claim that is past its 30 days, or whose server stopped before answering and before its
 * write's transaction committed (nothing of it was written).
 */
export async function takeOver(db: DbOrTx, owner: Claim, fingerprint: string, staleMs: number): Promise<boolean> {
  const result = await db.execute(
    sql`update idempotent_writes set fingerprint = ${fingerprint}, status_code = null, content_type = null,
        body = null, written_at = null, created_at = now()
      where user_id = ${owner.userId} and route = ${owner.route} and key = ${owner.key}
        and (created_at < now() - ${rememberedForMs} * interval '1 millisecond'
          or (status_code is null and written_at is null and created_at < now() - ${staleMs} * interval '1 millisecond'))
      returning 1 as taken`,
  );
  return (result as { rows: unknown[] }).rows.length === 1;
}

/**
 * Frees the key of a write that was refused or failed, so that the request corrected or tried again
 * runs. A refusal (4xx) made nothing. A failure (5xx) whose transaction had committed before it
 * failed keeps its key, answered "already done": trying it again must not make it twice.
 */
export async function forget(db: DbOrTx, owner: Claim, { refused }: { refused: boolean }): Promise<void> {
  await db.execute(
    sql`delete from idempotent_writes
      where user_id = ${owner.userId} and route = ${owner.route} and key = ${owner.key}
        and (${refused} or written_at is null)`,
  );
  if (!refused) await keepRefusal(db, owner);
}

export async function keepAnswer(
  db: DbOrTx,
  owner: Claim,
  answer: { statusCode: number; body: string; contentType: string | null },
): Promise<void> {
  await db.execute(
    sql`update idempotent_writes set status_code = ${answer.statusCode}, body = ${answer.body},
        content_type = ${answer.contentType}
      where user_id = ${owner.userId} and route = ${owner.route} and key = ${owner.key}`,
  );
}

const alreadyMadeBody = JSON.stringify({ error: idempotencyMessages.alreadyMade });
const jsonType = 'application/json; charset=utf-8';

/**
 * An answer that cannot be kept (a stream, a large file), or a failure after the write was made:
 * its repeat gets a 409 saying it was already made.
 */
export async function keepRefusal(db: DbOrTx, owner: Claim): Promise<void> {
  await db.execute(
    sql`update idempotent_writes set status_code = 409, body = ${alreadyMadeBody}, content_type = ${jsonType}
      where user_id = ${owner.userId} and route = ${owner.route} and key = ${owner.key}`,
  );
}

/**
 * Every kept answer is replaced by "already done" (a student's personal data erased: an answer
 * may quote them). Repeats still write nothing; they are told it was done instead of shown it.
 */
export async function forgetKeptAnswers(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`update idempotent_writes set status_code = 409, body = ${alreadyMadeBody}, content_type = ${jsonType}
      where status_code is not null`,
  );
}

/**
 * Now and then (server.ts): past its day, a made write's answer gives way to "already done" (its
 * key is remembered for 30 days), and a claim of nothing made is removed; past 30 days every key is.
 */
export async function purgeIdempotentWrites(db: DbOrTx): Promise<void> {
  const day = sql`now() - ${keptForMs} * interval '1 millisecond'`;
  await db.execute(
    sql`update idempotent_writes set status_code = 409, body = ${alreadyMadeBody}, content_type = ${jsonType}
      where created_at < ${day} and status_code is distinct from 409
        and (written_at is not null or status_code between 200 and 299)`,
  );
  await db.execute(
    sql`delete from idempotent_writes
      where created_at < now() - ${rememberedForMs} * interval '1 millisecond'
        or (created_at < ${day} and written_at is null and status_code is distinct from 409)`,
  );
}
