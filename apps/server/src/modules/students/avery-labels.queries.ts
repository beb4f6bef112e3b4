import type { AveryLabelsQuery } from '@srs/shared/students';
import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import { type Scope, sqlIdList, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { LabelAddress } from './avery-labels.ts';
import { seriesOfType, studentFilter } from './students.queries.ts';

export type LabelStudent = LabelAddress & { id: number };

const filled = (column: string) => sql.raw(`coalesce(btrim(s.${column}), '') <> ''`);

/**
 * Who can receive mail (DOMAIN.md, Exports and printing): `never` is left out, `if_address_valid`
 * only with street, city, state and zip, `always` always.
 */
const receivesMail = sql`(s.include_in_mailing_list = 'always' or (s.include_in_mailing_list = 'if_address_valid'
  and ${filled('address')} and ${filled('city')} and ${filled('state')} and ${filled('zip_code')}))`;

/**
 * The students to print: the chosen ids, or the student list's filter, always within the user's
 * scope, by last and first name. Reads one more than `limit`, so the caller can tell "too many".
 */
export async function labelStudents(
  db: DbOrTx,
  scope: Scope,
  query: AveryLabelsQuery,
  followupDays: number,
  limit: number,
): Promise<LabelStudent[]> {
  const chosen =
    query.ids !== undefined && query.ids.length > 0
      ? sql`s.id in ${sqlIdList(query.ids)} and ${visibleStudent(scope)}`
      : studentFilter(scope, query, followupDays, await seriesOfType(db, query));
  return rows<LabelStudent>(
    db.execute(sql`select s.id, s.first_name, s.middle_name, s.last_name, s.address, s.address_2, s.city, s.state,
        s.zip_code, s.country
      from students s where ${chosen} and ${receivesMail}
      order by s.last_name, s.first_name, s.id limit ${limit + 1}`),
  );
}
