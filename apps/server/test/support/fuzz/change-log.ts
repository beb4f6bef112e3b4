import type { Database } from '../../../src/db/client.ts';
import { rowsWrittenByRefusals, writtenByRefusals } from './fingerprint.ts';

/** What a request wrote, by table: "2 rows added, 1 row removed" (a changed row is one of each). */
export type Changes = Map<string, string>;

export type ChangeLog = {
  /** The rows written since the last take, by table, and the log emptied. */
  take: () => Promise<Changes>;
};

/**
 * PostgreSQL only: a row trigger on every table of the public schema (but those a refusal may
 * rightly write) notes each row inserted, deleted or changed, and each truncate, in an unlogged
 * table of its own schema, in the writer's transaction (a write rolled back leaves no note). "A
 * refusal wrote nothing" is then one cheap statement instead of hashing every table; the
 * fingerprint stays as a periodic cross-check (send.ts). As for the fingerprint, what counts is the
 * rows as text, added and removed: a row added then removed again (an Idempotency-Key claimed,
 * then freed by the refusal) or changed to what it was is no change.
 */
export async function openChangeLog(database: Database): Promise<ChangeLog> {
  const tables = (
    await database.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !writtenByRefusals.has(name));
  const statements = [
    'create schema if not exists fuzz_watch',
    'drop table if exists fuzz_watch.changes',
    // sign: +1 a row added, -1 a row removed, 0 a table truncated.
    'create unlogged table fuzz_watch.changes (name text not null, sign int not null, row text)',
    `create or replace function fuzz_watch.note() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then insert into fuzz_watch.changes values (tg_table_name, -1, old::text); end if;
        if tg_op in ('INSERT', 'UPDATE') then insert into fuzz_watch.changes values (tg_table_name, 1, new::text); end if;
        if tg_op = 'TRUNCATE' then insert into fuzz_watch.changes values (tg_table_name, 0, null); end if;
        return null;
      end $$`,
  ];
  for (const name of tables) {
    // Rows a refusal may rightly write (fingerprint.ts) are not noted.
    const kept = (row: 'new' | 'old') => (rowsWrittenByRefusals[name] ? ` and not (${rowsWrittenByRefusals[name](row)})` : '');
    const on = `on public."${name}"`;
    statements.push(
      `drop trigger if exists fuzz_watch_insert ${on}`,
      `drop trigger if exists fuzz_watch_update ${on}`,
      `drop trigger if exists fuzz_watch_delete ${on}`,
      `drop trigger if exists fuzz_watch_truncate ${on}`,
      `create trigger fuzz_watch_insert after insert ${on} for each row when (true${kept('new')}) execute function fuzz_watch.note()`,
      `create trigger fuzz_watch_update after update ${on} for each row
        when (old.* is distinct from new.*${kept('old')}${kept('new')}) execute function fuzz_watch.note()`,
      `create trigger fuzz_watch_delete after delete ${on} for each row when (true${kept('old')}) execute function fuzz_watch.note()`,
      `create trigger fuzz_watch_truncate after truncate ${on} for each statement execute function fuzz_watch.note()`,
    );
  }
  await database.exec(statements.join(';\n'));
  const take = async (): Promise<Changes> => {
    const rows = await database.query<{ name: string; added: number; removed: number; truncated: boolean }>(
      `with taken as (delete from fuzz_watch.changes returning name, sign, row),
         net as (select name, sum(sign) as net, bool_or(sign = 0) as truncated from taken group by name, row)
       select name, coalesce(sum(net) filter (where net > 0), 0)::int as added,
         coalesce(-sum(net) filter (where net < 0), 0)::int as removed, bool_or(truncated) as truncated
       from net where net <> 0 or truncated group by name order by name`,
    );
    const rowsSaid = (count: number, what: string) => (count ? [`${count} ${count === 1 ? 'row' : 'rows'} ${what}`] : []);
    return new Map(
      rows.map((row) => [
        row.name,
        [...rowsSaid(row.added, 'added'), ...rowsSaid(row.removed, 'removed'), ...(row.truncated ? ['truncated'] : [])].join(', '),
      ]),
    );
  };
  await take();
  return { take };
}
