import { type InterestListQuery, interestSourceLabels, interestSources } from '@srs/shared/interests';
import { sql } from 'drizzle-orm';
import { type CsvExport, dateCell, textCell } from '../../core/csv.ts';
import type { Scope } from '../../core/scope.ts';
import { interestFilter } from './interests.queries.ts';

const columns = [
  textCell('First Name', sql`i.first_name`),
  textCell('Last Name', sql`i.last_name`),
  textCell('Email', sql`i.email`),
  textCell('Phone', sql`i.phone`),
  textCell('Address', sql`i.address`),
  textCell('Address 2', sql`i.address_2`),
  textCell('City', sql`i.city`),
  textCell('State', sql`i.state`),
  textCell('Zip Code', sql`i.zip_code`),
  textCell('Country', sql`i.country`),
  textCell('Course or Seminar', sql`se.name`),
  textCell('Source', sql`case i.source ${sql.join(interestSources.map((source) => sql`when ${source} then ${interestSourceLabels[source]}`), sql` `)} end`),
  dateCell('Received', sql`i.received_on`),
  textCell('Status', sql`initcap(i.status)`),
  textCell('School', sql`sc.school_code`),
  textCell('Church Name', sql`sc.church_name`),
  dateCell('Assigned', sql`i.assigned_at`),
  dateCell('Contacted', sql`i.contacted_at`),
  dateCell('Enrolled', sql`i.enrolled_at`),
  dateCell('Closed', sql`i.closed_at`),
  textCell('Closed Reason', sql`i.closed_reason`),
];

/** GET /interests.csv and .xlsx: the interests of the list's filter and scope, in the order they were recorded. */
export function interestCsv(scope: Scope, query: InterestListQuery): CsvExport {
  return {
    label: 'interests',
    columns,
    from: sql`interests i left join series se on se.id = i.series_id left join schools sc on sc.id = i.school_id`,
    where: interestFilter(scope, query),
    key: [sql`i.id`],
  };
}
