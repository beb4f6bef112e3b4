import type { SchoolListQuery } from '@srs/shared/schools';
import { sql } from 'drizzle-orm';
import { type CsvExport, numberCell, textCell } from '../../core/csv.ts';
import type { Scope } from '../../core/scope.ts';
import { schoolFilter } from './schools.queries.ts';

/** The courses the school offers, by name, in one cell. */
const coursesOffered = sql`left join lateral (
  select string_agg(se.name, '; ' order by se.name) as names
  from series_offered so join series se on se.id = so.series_id
  where so.school_id = sc.id and se.type = 'Course') courses on true`;

const columns = [
  textCell('School Code', sql`sc.school_code`),
  textCell('Church Name', sql`sc.church_name`),
  textCell('Conference', sql`c.name`),
  textCell('Active', sql`case when sc.active then 'Yes' else 'No' end`),
  textCell('School Address', sql`sc.school_address`),
  textCell('School Address 2', sql`sc.school_address_2`),
  textCell('School City', sql`sc.school_city`),
  textCell('School State', sql`sc.school_state`),
  textCell('School Zip Code', sql`sc.school_zip_code`),
  textCell('School Country', sql`sc.school_country`),
  textCell('Church Address', sql`sc.church_address`),
  textCell('Church City', sql`sc.church_city`),
  textCell('Church State', sql`sc.church_state`),
  textCell('Church Zip Code', sql`sc.church_zip_code`),
  textCell('Head School Admin', sql`case when sc.head_school_admin_id is not null then 'Yes' else 'No' end`),
  textCell('Courses', sql`courses.names`),
  numberCell('Students', sql`(select count(*) from students st where st.school_id = sc.id)`),
];

/** GET /schools.csv: the schools of the list's filter and scope, by school code. */
export function schoolCsv(scope: Scope, query: SchoolListQuery): CsvExport {
  return {
    label: 'schools',
    columns,
    from: sql`schools sc join conferences c on c.id = sc.conference_id ${coursesOffered}`,
    where: schoolFilter(scope, query),
    key: [sql`sc.school_code`, sql`sc.id`],
  };
}
