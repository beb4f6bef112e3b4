import type { TakeAttendanceInput } from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attendances } from '../../db/schema/index.ts';
import { insertAudited } from '../../lib/audited.ts';
import { rows } from '../../lib/lists.ts';
import { invalid, notFound } from '../../plugins/errors.ts';
import { sqlIdList } from '../../plugins/scope.ts';
import { refreshEnrollmentCaches } from './enrollment-caches.ts';
import { applyStatusRules } from './enrollment-status.ts';
import type { Actor } from './enrollments.service.ts';
import { destroyWithDependents } from './nested-children.ts';
import { lockVisibleEnrollments } from './write-context.ts';

/**
 * PUT /enrollments/take_attendance: who attended one presentation (DOMAIN.md, Attendance).
 * Attended makes sure the row exists, not attended removes it (with its decisions and notes).
 * Answers how many enrollments' attendance changed.
 */
export async function takeAttendance(db: Db, actor: Actor, input: TakeAttendanceInput): Promise<number> {
  // The last word on an enrollment wins when the list names it twice.
  const attended = new Map(input.attendances.map((item) => [item.enrollment_id, item.attended]));
  const ids = [...attended.keys()];
  return db.transaction(async (tx) => {
    const heads = await lockVisibleEnrollments(tx, actor.scope, ids);
    if (heads.length < ids.length) throw notFound('Enrollment');
    const [episode] = await rows<{ series_id: number }>(
      tx.execute(sql`select series_id from episodes where id = ${input.episode_id}`),
    );
    if (heads.some((head) => head.seriesType !== 'Seminar' || head.seriesId !== episode?.series_id)) {
      throw invalid({ episode_id: ['is not a presentation of the seminar of every enrollment'] });
    }
    const existing = await rows<{ id: number; enrollment_id: number }>(
      tx.execute(sql`select id, enrollment_id from attendances
        where episode_id = ${input.episode_id} and enrollment_id in ${sqlIdList(ids)}`),
    );
    const attendanceOf = new Map(existing.map((row) => [row.enrollment_id, row.id]));
    const changed: number[] = [];
    for (const [enrollmentId, present] of attended) {
      const attendanceId = attendanceOf.get(enrollmentId);
      if (present && attendanceId === undefined) {
        await insertAudited(tx, attendances, { enrollmentId, episodeId: input.episode_id }, actor.userId);
        changed.push(enrollmentId);
      } else if (!present && attendanceId !== undefined) {
        await destroyWithDependents(tx, actor.userId, attendances, attendanceId, 'attendance_id');
        changed.push(enrollmentId);
      }
    }
    await refreshEnrollmentCaches(tx, changed);
    await applyStatusRules(tx, changed, actor.userId, { deliveries: false, attendances: true });
    return changed.length;
  });
}
