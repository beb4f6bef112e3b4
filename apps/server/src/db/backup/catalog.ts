import pg from 'pg';
import type { RunSql } from '../one-transaction.ts';

/** What the product keeps in the `public` schema: its tables (with the columns a backup holds). */
export type ProductTable = { name: string; columns: string[] };

const quote = (name: string) => pg.escapeIdentifier(name);

/** `public."table" ("a", "b")`: the target of a COPY of those columns. */
export const copyTarget = (table: ProductTable) => `public.${quote(table.name)} (${table.columns.map(quote).join(', ')})`;

export const tableName = (name: string) => `public.${quote(name)}`;

// Objects of an extension (pg_trgm's functions) belong to it, not to the product.
const notOfExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

/** The product's tables in name order, each with its stored columns (generated ones are computed again). */
export async function productTables(run: RunSql): Promise<ProductTable[]> {
  return run<ProductTable>(`
    select c.relname::text as name,
      array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind = 'r' and ${notOfExtension('pg_class', 'c.oid')}
    group by c.relname
    order by c.relname`);
}

/** Every sequence of the product (identity columns' and the registration numbers') with where it stands. */
export async function sequenceValues(run: RunSql): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const names = await run<{ name: string }>(`
    select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S' and ${notOfExtension('pg_class', 'c.oid')}
    order by c.relname`);
  const values = [];
  for (const { name } of names) {
    const [row] = await run<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${tableName(name)}`,
    );
    values.push({ name, lastValue: row!.last_value, isCalled: row!.is_called });
  }
  return values;
}

export async function setSequence(run: RunSql, sequence: { name: string; lastValue: string; isCalled: boolean }) {
  await run('select setval($1::regclass, $2::bigint, $3::boolean)', [tableName(sequence.name), sequence.lastValue, sequence.isCalled]);
}

/** Nothing of the product's: no table, view, sequence or function in `public`, no migration recorded. */
export async function isEmpty(run: RunSql): Promise<boolean> {
  const [row] = await run<{ objects: number }>(`
    select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${notOfExtension('pg_class', 'c.oid')})
      + (select count(*) from pg_proc p where p.pronamespace = 'public'::regnamespace and ${notOfExtension('pg_proc', 'p.oid')})
      + (case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else 1 end) as objects`);
  return Number(row?.objects) === 0;
}

/**
 * Drops everything of the product's: its tables, views, sequences, functions and types in
 * `public` (the schema itself, its rights and the extensions stay), the migrations' bookkeeping,
 * and the job queue's schema (pg-boss makes it again at start-up; pending mail is queued again).
 */
export async function dropProductObjects(run: RunSql) {
  const names = async (text: string) => (await run<{ name: string }>(text)).map((row) => row.name);
  const relations = (kinds: string) => `
    select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in (${kinds}) and ${notOfExtension('pg_class', 'c.oid')}`;
  const drop = async (what: string, list: string[]) => {
    if (list.length > 0) await run(`drop ${what} if exists ${list.join(', ')} cascade`);
  };
  await drop('table', await names(relations(`'r', 'p', 'f'`)));
  await drop('materialized view', await names(relations(`'m'`)));
  await drop('view', await names(relations(`'v'`)));
  await drop('sequence', await names(relations(`'S'`)));
  await drop(
    'routine',
    await names(`select p.oid::regprocedure::text as name from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p') and ${notOfExtension('pg_proc', 'p.oid')}`),
  );
  await drop(
    'type',
    await names(`select t.oid::regtype::text as name from pg_type t
      where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'r', 'm') and ${notOfExtension('pg_type', 't.oid')}`),
  );
  await run('drop schema if exists drizzle cascade');
  await run('drop schema if exists pgboss cascade');
}

export type ForeignKey = { table: string; name: string; definition: string };

/** The foreign keys between the product's tables: dropped while the rows load, then made (and checked) again. */
export async function foreignKeys(run: RunSql): Promise<ForeignKey[]> {
  return run<ForeignKey>(`
    select c.conrelid::regclass::text as table, c.conname::text as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace
    order by c.conrelid::regclass::text, c.conname`);
}

export const dropForeignKey = (key: ForeignKey) => `alter table ${key.table} drop constraint ${quote(key.name)}`;
export const addForeignKey = (key: ForeignKey) => `alter table ${key.table} add constraint ${quote(key.name)} ${key.definition}`;
