import type { TakeAttendanceInput } from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { sqlIdList } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { attendances } from '../../db/schema/index.ts';
import { changeEnrollmentRecords } from './record-pipeline.ts';

/**
 * PUT /enrollments/take_attendance: who attended one presentation (DOMAIN.md, Attendance).
 * Attended makes sure the row exists, not attended removes it (with its decisions and notes).
 * Answers how many enrollments' attendance changed.
 */
export async function takeAttendance(db: Db, actor: Actor, input: TakeAttendanceInput): Promise<number> {
  // The last word on an enrollment wins when the list names it twice.
  const attended = new Map(input.attendances.map((item) => [item.enrollment_id, item.attended]));
  const ids = [...attended.keys()];
  return changeEnrollmentRecords(db, actor, ids, async (changes) => {
    const [episode] = await rows<{ series_id: number }>(
      changes.tx.execute(sql`select series_id from episodes where id = ${input.episode_id}`),
    );
    if (changes.enrollments.some((head) => head.seriesType !== 'Seminar' || head.seriesId !== episode?.series_id)) {
      throw invalid({ episode_id: ['is not a presentation of the seminar of every enrollment'] });
    }
    const existing = await rows<{ id: number; enrollment_id: number }>(
      changes.tx.execute(sql`select id, enrollment_id from attendances
        where episode_id = ${input.episode_id} and enrollment_id in ${sqlIdList(ids)}`),
    );
    const attendanceOf = new Map(existing.map((row) => [row.enrollment_id, row.id]));
    let changed = 0;
    for (const [enrollmentId, present] of attended) {
      const attendanceId = attendanceOf.get(enrollmentId);
      if (present && attendanceId === undefined) {
        await changes.insert(attendances, { enrollmentId, episodeId: input.episode_id });
        changed += 1;
      } else if (!present && attendanceId !== undefined) {
        await changes.removeWithChildren(attendances, attendanceId, 'attendance_id');
        changed += 1;
      }
    }
    return changed;
  });
}
