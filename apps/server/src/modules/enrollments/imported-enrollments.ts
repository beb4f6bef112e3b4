import type { EnrollmentStatus, SeriesType } from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { insertManyAudited } from '../../core/audit.ts';
import { invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { visibleStudent } from '../../core/scope.ts';
import type { Tx } from '../../db/client.ts';
import { enrollments, episodeDeliveries } from '../../db/schema/index.ts';
import { offeredBySql } from '../series/public.ts';
import { initialStatus, nextStatus } from './enrollment-status.ts';

/**
 * The enrollments of students an import has just made, written as they end (issue 27, Scale): each
 * with its status and caches final, then its lessons, each row with one create version. The record
 * pipeline would write each enrollment, then its lessons, then update it again for its caches and
 * status: in the same transaction that update re-checked both foreign keys of every row and wrote a
 * second version, a fifth of the apply's time. The rules are those of the pipeline: the status by
 * `nextStatus`, the caches as `refreshEnrollmentCaches` computes them (a test holds them equal).
 */

export type ImportedLesson = { episodeId: number; dateSent: string | null; dateCompleted: string | null };
export type ImportedEnrollment = {
  studentId: number;
  seriesId: number;
  startedOn: string | null;
  /** The status the file gives, which wins over the rules as staff's choice does; null: the rules'. */
  status: EnrollmentStatus | null;
  lessons: ImportedLesson[];
};

type Series = { type: SeriesType; positions: Map<number, number>; lessons: number };

const latest = (dates: (string | null)[]) => dates.reduce<string | null>((max, date) => (date !== null && (max === null || date > max) ? date : max), null);

/** The status and caches of a new enrollment whose only records are `lessons`. */
export function importedEnrollmentColumns(series: Series, item: Pick<ImportedEnrollment, 'status' | 'lessons'>) {
  const start = initialStatus[series.type];
  const completed = new Set(item.lessons.filter((lesson) => lesson.dateCompleted !== null).map((lesson) => lesson.episodeId)).size;
  const ruled =
    item.lessons.length > 0
      ? nextStatus({ id: 0, status: start, series_type: series.type, lessons: series.lessons, completed, attended: false }, { deliveries: true, attendances: false })
      : null;
  const status = item.status ?? ruled ?? start;
  if (item.lessons.length === 0) return { status };
  const sent = item.lessons.filter((lesson) => lesson.dateSent !== null);
  return {
    status,
    lessonNumber: Math.max(0, ...sent.map((lesson) => series.positions.get(lesson.episodeId) ?? 0)),
    lastSentDeliveryDate: latest(sent.map((lesson) => lesson.dateSent)),
    cachedLatestFollowupDate: latest(item.lessons.flatMap((lesson) => [lesson.dateSent, lesson.dateCompleted])),
  };
}

/** Each series the items name, as offered to its student's school and active; a pair not offered refuses all (422). */
async function seriesOf(tx: Tx, actor: Actor, items: ImportedEnrollment[]) {
  const pairs = JSON.stringify(items.map((item) => ({ student_id: item.studentId, series_id: item.seriesId })));
  const offered = await rows<{ student_id: number; series_id: number }>(
    tx.execute(sql`select distinct x.student_id::int as student_id, se.id::int as series_id
      from jsonb_to_recordset(${pairs}::jsonb) as x(student_id bigint, series_id bigint)
        join students s on s.id = x.student_id join series se on se.id = x.series_id
      where se.active and ${offeredBySql(sql`se.id`, sql`s.school_id`)} and ${visibleStudent(actor.scope)}`),
  );
  const ids = [...new Set(offered.map((row) => row.series_id))];
  const episodes = await rows<{ id: number; series_id: number; type: SeriesType; position: number }>(
    tx.execute(sql`select se.id::int as series_id, se.type, ep.id::int as id, ep.position
      from series se left join episodes ep on ep.series_id = se.id
      where se.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`),
  );
  const series = new Map<number, Series>();
  for (const episode of episodes) {
    const one = series.get(episode.series_id) ?? { type: episode.type, positions: new Map(), lessons: 0 };
    if (episode.id !== null) {
      one.positions.set(episode.id, episode.position);
      one.lessons++;
    }
    series.set(episode.series_id, one);
  }
  const isOffered = new Set(offered.map((row) => `${row.student_id}|${row.series_id}`));
  return (item: ImportedEnrollment) => {
    if (!isOffered.has(`${item.studentId}|${item.seriesId}`)) throw invalid({ series_id: ["is not offered by the student's school"] });
    return series.get(item.seriesId)!;
  };
}

/**
 * Enrollments of students an import has just made in the caller's transaction (modules/student-import),
 * all at once: each series must be active and offered by its student's school, and the student one
 * the user sees (else 422, which undoes the import); they have no enrollment yet, so none repeats one.
 * Answers the new enrollments' ids in the order of `items`.
 */
export async function enrollNewStudents(tx: Tx, actor: Actor, items: ImportedEnrollment[]): Promise<number[]> {
  if (items.length === 0) return [];
  const seriesFor = await seriesOf(tx, actor, items);
  const values = items.map((item) => ({
    studentId: item.studentId,
    seriesId: item.seriesId,
    ...(item.startedOn ? { startedOn: item.startedOn } : {}),
    ...importedEnrollmentColumns(seriesFor(item), item),
  }));
  const ids = (await insertManyAudited(tx, actor, enrollments, values)).map((row) => row.id);
  await insertManyAudited(
    tx,
    actor,
    episodeDeliveries,
    items.flatMap((item, index) =>
      item.lessons.map((lesson) => ({ enrollmentId: ids[index]!, episodeId: lesson.episodeId, dateSent: lesson.dateSent, dateCompleted: lesson.dateCompleted })),
    ),
  );
  return ids;
}
