import type { UserListQuery } from '@srs/shared/users';
import { sql } from 'drizzle-orm';
import { type CsvExport, numberCell, textCell } from '../../core/csv.ts';
import { exportText as t, type Language } from '../file-words/public.ts';
import { type Scope, studentRowVisible } from '../../core/scope.ts';
import { userFilter } from './users.queries.ts';

/**
 * A user's roles in one cell, in the order they were given: 'role (organisation)', the
 * organisation a school as '(#code) church' or else a conference; a role without one by itself.
 */
const userRoles = sql`left join lateral (
  select string_agg(r.role_type || coalesce(' (' || nullif(coalesce(
      case when sc.id is not null then '(#' || sc.school_code || ') ' || sc.church_name end, c.name), '') || ')', ''),
    '; ' order by r.id) as text
  from roles r left join conferences c on c.id = r.conference_id left join schools sc on sc.id = r.school_id
  where r.user_id = u.id) ro on true`;

/** GET /users.csv: the users of the list's filter and scope, by last and first name, headed in the language of who asked. */
export function userCsv(scope: Scope, query: UserListQuery, language: Language = 'en'): CsvExport {
  return {
    label: 'users',
    columns: [
      textCell(t(language, 'firstName'), sql`u.first_name`),
      textCell(t(language, 'lastName'), sql`u.last_name`),
      textCell(t(language, 'email'), sql`u.email`),
      // The students the exporting user can see, like the list's count.
      numberCell(
        t(language, 'students'),
        sql`(select count(*) from students s where s.instructor_id = u.id and ${studentRowVisible(scope, 's')})`,
      ),
      textCell(t(language, 'roles'), sql`ro.text`),
    ],
    from: sql`users u ${userRoles}`,
    where: userFilter(scope, query),
    key: [sql`u.last_name`, sql`u.first_name`, sql`u.id`],
    language,
  };
}
