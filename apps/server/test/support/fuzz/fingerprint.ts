import type { Database } from '../../../src/db/client.ts';

/**
 * Tables a refused request may rightly write, left out of the fingerprint:
 * - rate_limits: every attempt counts against its limit, the refused ones too (that is the point).
 * - sign_in_failures: a wrong password is a refusal that must be counted.
 */
export const writtenByRefusals = new Set(['rate_limits', 'sign_in_failures']);

/**
 * Rows a refused request may rightly write in a table otherwise judged, as a condition on the row:
 * - mail_outbox, the notice "someone is trying to sign in to your account": a wrong current
 *   password (PATCH /change_password) is counted like a sign-in and tells the owner.
 */
export const rowsWrittenByRefusals: Record<string, (row: string) => string> = {
  mail_outbox: (row) => `${row}.kind = 'sign_in_guessing'`,
};

export type Fingerprint = Map<string, string>;

/**
 * Every table of the public schema as its row count and the sum of its rows' hashes, in one
 * statement: a refusal must leave all of them as they were.
 */
export async function fingerprinter(database: Database): Promise<() => Promise<Fingerprint>> {
  const tables = (
    await database.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !writtenByRefusals.has(name));
  const statement = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0)::text as print from "${name}" t` +
        (rowsWrittenByRefusals[name] ? ` where not (${rowsWrittenByRefusals[name]('t')})` : ''),
    )
    .join(' union all ');
  return async () => new Map((await database.query<{ name: string; print: string }>(statement)).map((row) => [row.name, row.print]));
}

/**
 * Where the write-ahead log ends: a write anywhere moves it, so while it stands still no table
 * changed and the fingerprint need not be taken again (on a shared PostgreSQL server, other
 * databases move it too, which costs a fingerprint, never a missed write).
 */
export async function walPosition(database: Database): Promise<string> {
  const rows = await database.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  return rows[0]!.lsn;
}

/** The tables whose fingerprint differs, with their count:hash before and after. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...after.keys()]
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => `${name} ${before.get(name)} → ${after.get(name)}`);
}
