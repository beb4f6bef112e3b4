import { type InterestListQuery, interestSourceLabels, interestSources, interestStatuses, interestStatusLabels } from '@srs/shared/interests';
import { sql } from 'drizzle-orm';
import { type CsvExport, dateCell, textCell } from '../../core/csv.ts';
import { exportText as t, type Language } from '../file-words/public.ts';
import { sharedText } from '../../core/i18n.ts';
import type { Scope } from '../../core/scope.ts';
import { interestFilter } from './interests.queries.ts';

/** The columns, headed in the language of the file (the English headings are the SPEC's), the source and status in it too. */
const columnsIn = (language: Language) => {
  const sources = interestSources.map((source) => sql`when ${source} then ${sharedText(interestSourceLabels[source], language)}`);
  const statuses = interestStatuses.map((status) => sql`when ${status} then ${sharedText(interestStatusLabels[status], language)}`);
  return [
    textCell(t(language, 'firstName'), sql`i.first_name`),
    textCell(t(language, 'lastName'), sql`i.last_name`),
    textCell(t(language, 'email'), sql`i.email`),
    textCell(t(language, 'phone'), sql`i.phone`),
    textCell(t(language, 'address'), sql`i.address`),
    textCell(t(language, 'address2'), sql`i.address_2`),
    textCell(t(language, 'city'), sql`i.city`),
    textCell(t(language, 'state'), sql`i.state`),
    textCell(t(language, 'zipCode'), sql`i.zip_code`),
    textCell(t(language, 'country'), sql`i.country`),
    textCell(t(language, 'courseOrSeminar'), sql`se.name`),
    textCell(t(language, 'source'), sql`case i.source ${sql.join(sources, sql` `)} end`),
    dateCell(t(language, 'received'), sql`i.received_on`),
    // In English as it always was (initcap of the status); in Spanish by packages/shared's words.
    textCell(t(language, 'status'), language === 'en' ? sql`initcap(i.status)` : sql`case i.status ${sql.join(statuses, sql` `)} end`),
    textCell(t(language, 'school'), sql`sc.school_code`),
    textCell(t(language, 'churchName'), sql`sc.church_name`),
    dateCell(t(language, 'assigned'), sql`i.assigned_at`),
    dateCell(t(language, 'contacted'), sql`i.contacted_at`),
    dateCell(t(language, 'enrolled'), sql`i.enrolled_at`),
    dateCell(t(language, 'closed'), sql`i.closed_at`),
    textCell(t(language, 'closedReason'), sql`i.closed_reason`),
  ];
};

/** GET /interests.csv and .xlsx: the interests of the list's filter and scope, in the order they were recorded, in the language of who asked. */
export function interestCsv(scope: Scope, query: InterestListQuery, language: Language = 'en'): CsvExport {
  return {
    label: 'interests',
    columns: columnsIn(language),
    from: sql`interests i left join series se on se.id = i.series_id left join schools sc on sc.id = i.school_id`,
    where: interestFilter(scope, query),
    key: [sql`i.id`],
    language,
  };
}
