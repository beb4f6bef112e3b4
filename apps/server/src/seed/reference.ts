import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.ts';
import { rowsOf } from './bulk.ts';
import { usZips } from './us-zips.ts';

// Serialises concurrent seeding by several server instances on one PostgreSQL database.
export const seedLockKey = 7_310_2026;

export type ReferenceCounts = { countries: number; states: number; zipCentroids: number };

/**
 * Countries, states and US zip centroids. Each part is loaded once, in a single statement
 * (JSON in, `json_to_recordset` out): a couple of seconds even on PGlite.
 */
export async function seedReference(database: Database): Promise<ReferenceCounts> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    if (!(await hasRows(tx, 'countries'))) await loadCountriesAndStates(tx);
    if (!(await hasRows(tx, 'zip_centroids'))) await loadZipCentroids(tx);
    const counts = await tx.execute(sql`
      select (select count(*) from countries)::int as countries, (select count(*) from states)::int as states,
        (select count(*) from zip_centroids)::int as "zipCentroids"`);
    return rowsOf<ReferenceCounts>(counts)[0] ?? { countries: 0, states: 0, zipCentroids: 0 };
  });
}

async function hasRows(tx: DbOrTx, table: 'countries' | 'zip_centroids'): Promise<boolean> {
  const result = await tx.execute(sql`select exists (select 1 from ${sql.identifier(table)}) as present`);
  return Boolean(rowsOf<{ present: boolean }>(result)[0]?.present);
}

async function loadCountriesAndStates(tx: DbOrTx): Promise<void> {
  // Loaded only to seed: the package holds every city of the world, megabytes kept for good once imported.
  const { Country, State } = await import('country-state-city');
  const countries = Country.getAllCountries().map((c) => ({ name: c.name, iso_code: c.isoCode }));
  await tx.execute(sql`
    insert into countries (name, iso_code)
    select name, iso_code from json_to_recordset(${JSON.stringify(countries)}::json) as c(name text, iso_code text)
    order by name
    on conflict do nothing`);
  const states = State.getAllStates().map((s) => ({ country: s.countryCode, name: s.name, abbreviation: s.isoCode }));
  await tx.execute(sql`
    insert into states (country_id, name, abbreviation)
    select c.id, s.name, s.abbreviation
    from json_to_recordset(${JSON.stringify(states)}::json) as s(country text, name text, abbreviation text)
    join countries c on c.iso_code = s.country
    order by c.id, s.name`);
}

async function loadZipCentroids(tx: DbOrTx): Promise<void> {
  // Rows as [zip, latitude, longitude]: a third of the JSON that objects would take.
  const rows = usZips().map((z) => [z.zipCode, z.latitude, z.longitude]);
  await tx.execute(sql`
    insert into zip_centroids (zip_code, latitude, longitude)
    select z ->> 0, (z ->> 1)::float8, (z ->> 2)::float8
    from json_array_elements(${JSON.stringify(rows)}::json) as z
    on conflict do nothing`);
}
