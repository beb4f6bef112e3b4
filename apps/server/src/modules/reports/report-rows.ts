import { deliveryTypeLabels } from '@srs/shared/enrollments';
import { type SQL, sql } from 'drizzle-orm';
import type { Grouping, PeriodReport } from './period-report.ts';

/** The rows and figures the reports over a period share, from the records or from kept counts. */

/** A series as a row: its name, the courses and seminars ordered by name. */
export const bySeries: Grouping = { key: sql`se.id::text`, name: sql`se.name`, sort: [sql`se.name`], needs: ['se'] };

/** A lesson or presentation as a row: 'Discover Bible Guides – 3. The Bible', in the series' order. */
export const byEpisode: Grouping = {
  key: sql`coalesce(ep.id::text, '')`,
  name: sql`coalesce(se.name || ' – ' || ep.position || '. ' || ep.name, 'A visit')`,
  sort: [sql`ep.id is null`, sql`se.name`, sql`ep.position`],
  needs: ['ep', 'se'],
};

/**
 * A lesson or presentation as a row, and the decisions of visits (no lesson) a row per course or
 * seminar, two of one name apart.
 */
export const byEpisodeOfSeries: Grouping = { ...byEpisode, sort: [...byEpisode.sort!, sql`se.id`] };

/** A delivery type as a row, by its name ('Post Office'), in the order PO, PD, IH, none. */
export const byDeliveryType = (column: string): Grouping => {
  const type = sql.raw(column);
  const names = Object.entries(deliveryTypeLabels).map(([code, label]) => `when '${code}' then '${label}'`);
  return {
    reads: [column],
    key: sql`coalesce(${type}, '')`,
    name: sql.raw(`case ${column} ${names.join(' ')} else 'Not given' end`),
    sort: [sql.raw(`array_position(array['PO', 'PD', 'IH']::text[], ${column}) is null`), sql.raw(`array_position(array['PO', 'PD', 'IH']::text[], ${column})`)],
  };
};

/**
 * How many lessons came back, and the median and 90th percentile of their days out: from the
 * lessons (`count`, `percentile` over them) or from kept counts.
 */
export const turnaroundMeasures = (returned: SQL, percentile: (share: number) => SQL): PeriodReport['measures'] => [
  { key: 'returned', label: 'Lessons returned', kind: 'number', value: () => returned },
  { key: 'median_days', label: 'Median (days)', kind: 'days', value: () => sql`round((${percentile(0.5)})::numeric, 1)` },
  { key: 'p90_days', label: '90th percentile (days)', kind: 'days', value: () => sql`round((${percentile(0.9)})::numeric, 1)` },
];
