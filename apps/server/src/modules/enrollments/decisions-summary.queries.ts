import type { DecisionSummaryItem } from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import type { DbOrTx } from '../../db/client.ts';

type Row = Omit<DecisionSummaryItem, 'decided'>;

/**
 * Every decision option of the enrollment's series by position, with how often and since when it
 * was decided. A decision's date is that of where it was recorded: the lesson's completed (else
 * sent) date, the presentation's date, or the visit's date.
 */
export async function decisionsSummary(db: DbOrTx, id: Visible<'enrollment'>): Promise<DecisionSummaryItem[]> {
  const found = await rows<Row>(
    db.execute(sql`
      select o.id, o.name, count(d.id)::int as decisions_count,
        min(coalesce(ed.date_completed, ed.date_sent, ep.date, a.created_at::date, v.date, d.created_at::date))::text
          as first_decided_on
      from enrollments e
        join decision_options o on o.series_id = e.series_id
        left join decisions d on d.decision_option_id = o.id and d.cached_enrollment_id = e.id
        left join episode_deliveries ed on ed.id = d.episode_delivery_id
        left join attendances a on a.id = d.attendance_id
        left join episodes ep on ep.id = a.episode_id
        left join visits v on v.id = d.visit_id
      where e.id = ${id}
      group by o.id, o.name, o.position
      order by o.position, o.id`),
  );
  return found.map((row) => ({ ...row, decided: row.decisions_count > 0 }));
}
