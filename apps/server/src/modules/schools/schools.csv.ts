import type { SchoolListQuery } from '@srs/shared/schools';
import { type SQL, sql } from 'drizzle-orm';
import { type CsvExport, numberCell, textCell } from '../../core/csv.ts';
import { exportText as t, type Language } from '../file-words/public.ts';
import type { Scope } from '../../core/scope.ts';
import { schoolFilter } from './schools.queries.ts';

/** The courses the school offers, by name, in one cell. */
const coursesOffered = sql`left join lateral (
  select string_agg(se.name, '; ' order by se.name) as names
  from series_offered so join series se on se.id = so.series_id
  where so.school_id = sc.id and se.type = 'Course') courses on true`;

/** The columns, headed in the language of the file (the English headings are the SPEC's), Yes and No in it too. */
const columnsIn = (language: Language) => {
  const yesNo = (condition: SQL) =>
    sql`case when ${condition} then ${t(language, 'yes')} else ${t(language, 'no')} end`;
  return [
    textCell(t(language, 'schoolCode'), sql`sc.school_code`),
    textCell(t(language, 'churchName'), sql`sc.church_name`),
    textCell(t(language, 'conference'), sql`c.name`),
    textCell(t(language, 'active'), yesNo(sql`sc.active`)),
    textCell(t(language, 'schoolAddress'), sql`sc.school_address`),
    textCell(t(language, 'schoolAddress2'), sql`sc.school_address_2`),
    textCell(t(language, 'schoolCity'), sql`sc.school_city`),
    textCell(t(language, 'schoolState'), sql`sc.school_state`),
    textCell(t(language, 'schoolZipCode'), sql`sc.school_zip_code`),
    textCell(t(language, 'schoolCountry'), sql`sc.school_country`),
    textCell(t(language, 'churchAddress'), sql`sc.church_address`),
    textCell(t(language, 'churchCity'), sql`sc.church_city`),
    textCell(t(language, 'churchState'), sql`sc.church_state`),
    textCell(t(language, 'churchZipCode'), sql`sc.church_zip_code`),
    textCell(t(language, 'headSchoolAdmin'), yesNo(sql`sc.head_school_admin_id is not null`)),
    textCell(t(language, 'courses'), sql`courses.names`),
    numberCell(t(language, 'students'), sql`(select count(*) from students st where st.school_id = sc.id)`),
  ];
};

/** GET /schools.csv: the schools of the list's filter and scope, by school code, in the language of who asked. */
export function schoolCsv(scope: Scope, query: SchoolListQuery, language: Language = 'en'): CsvExport {
  return {
    label: 'schools',
    columns: columnsIn(language),
    from: sql`schools sc join conferences c on c.id = sc.conference_id ${coursesOffered}`,
    where: schoolFilter(scope, query),
    key: [sql`sc.school_code`, sql`sc.id`],
    language,
  };
}
