import { CountriesResponse, StatesQuery, StatesResponse } from '@srs/shared/geo';
import { everyone } from '@srs/shared/roles';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countries, states } from '../../db/schema/index.ts';
import type { App } from '../../types.ts';

export async function geoRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/countries',
    { config: { roles: everyone }, schema: { tags: ['lookups'], response: { 200: CountriesResponse } } },
    async () => ({
      countries: await db
        .select({ id: countries.id, name: countries.name })
        .from(countries)
        .orderBy(asc(countries.name)),
    }),
  );

  app.get(
    '/api/states',
    {
      config: { roles: everyone },
      schema: { tags: ['lookups'], querystring: StatesQuery, response: { 200: StatesResponse } },
    },
    async (request) => {
      const query = db
        .select({ id: states.id, name: states.name, abbreviation: states.abbreviation })
        .from(states)
        .innerJoin(countries, eq(countries.id, states.countryId));
      const rows = request.query.country_name
        ? await query.where(eq(countries.name, request.query.country_name)).orderBy(asc(states.name))
        : await query.orderBy(asc(states.name));
      return { states: rows };
    },
  );
}
