import { activeStatuses, type EnrollmentStatus, type SeriesType } from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { updateManyAudited } from '../../core/audit.ts';
import { rows } from '../../core/lists.ts';
import { sqlIdList } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enrollments } from '../../db/schema/index.ts';

type Facts = {
  id: number;
  status: EnrollmentStatus;
  series_type: SeriesType;
  lessons: number;
  completed: number;
  attended: boolean;
};

/** A new enrollment starts Enrolled (course) or Applied (seminar): DOMAIN.md, Status. */
export const initialStatus: Record<SeriesType, EnrollmentStatus> = { Course: 'Enrolled', Seminar: 'Applied' };

/** Which records a save changed: each rule reacts only to the records that drive it. */
export type Changed = { deliveries: boolean; attendances: boolean };

/**
 * The status an enrollment moves to after its records changed (DOMAIN.md, Status), or null to
 * keep it. 'Inactive' is only ever set by staff, so no rule leaves or enters it.
 */
export function nextStatus(facts: Facts, changed: Changed): EnrollmentStatus | null {
  if (facts.series_type === 'Course') {
    if (!changed.deliveries) return null;
    const graduated = facts.lessons > 0 && facts.completed >= facts.lessons;
    if (graduated && activeStatuses.includes(facts.status)) return 'Graduated';
    if (!graduated && facts.status === 'Graduated') return 'Enrolled';
    return null;
  }
  if (!changed.attendances) return null;
  if (facts.status === 'Applied' && facts.attended) return 'Attended';
  if (facts.status === 'Attended' && !facts.attended) return 'Applied';
  return null;
}

/**
 * Applies the status rules to the enrollments a change touched, each by what changed in it, with
 * a version for each new status. Only the record pipeline calls it, after every change.
 */
export async function applyStatusRules(tx: DbOrTx, actor: Actor, changes: ReadonlyMap<number, Changed>): Promise<void> {
  const ids = [...changes].filter(([, changed]) => changed.deliveries || changed.attendances).map(([id]) => id);
  if (ids.length === 0) return;
  const found = await rows<Facts>(
    tx.execute(sql`
      select e.id, e.status, se.type as series_type,
        (select count(*)::int from episodes ep where ep.series_id = e.series_id) as lessons,
        (select count(distinct d.episode_id)::int from episode_deliveries d
          where d.enrollment_id = e.id and d.date_completed is not null) as completed,
        exists (select 1 from attendances a where a.enrollment_id = e.id) as attended
      from enrollments e join series se on se.id = e.series_id
      where e.id in ${sqlIdList(ids)}`),
  );
  // All the new statuses at once: an import's thousands of graduations are a few statements.
  const moved = found.flatMap((facts) => {
    const changed = changes.get(facts.id);
    const status = changed ? nextStatus(facts, changed) : null;
    return status ? [{ id: facts.id, values: { status } }] : [];
  });
  await updateManyAudited(tx, actor, enrollments, moved);
}
