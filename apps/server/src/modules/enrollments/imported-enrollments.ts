import { activeStatuses, type EnrollmentStatus, type SeriesType } from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { insertManyAudited } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { visibleStudent } from '../../core/scope.ts';
import type { Tx } from '../../db/client.ts';
import { enrollments, episodeDeliveries } from '../../db/schema/index.ts';
import { offeredBySql } from '../series/public.ts';
import { alreadyEnrolled } from './enrollment-rules.ts';
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

type Series = { type: SeriesType; name: string; positions: Map<number, number>; lessons: number };

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
  const episodes = await rows<{ id: number; series_id: number; type: SeriesType; name: string; position: number }>(
    tx.execute(sql`select se.id::int as series_id, se.type, se.name, ep.id::int as id, ep.position
      from series se left join episodes ep on ep.series_id = se.id
      where se.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`),
  );
  const series = new Map<number, Series>();
  for (const episode of episodes) {
    const one = series.get(episode.series_id) ?? { type: episode.type, name: episode.name, positions: new Map(), lessons: 0 };
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

type Student = { id: number; first_name: string; last_name: string };

/**
 * Students an import found (its matches), locked as the one create path locks a student, so that no
 * other save enrolls them meanwhile; each must be one the user sees (else 404, which undoes the import).
 */
async function lockFound(tx: Tx, actor: Actor, items: ImportedEnrollment[]): Promise<Map<number, Student>> {
  const ids = [...new Set(items.map((item) => item.studentId))].sort((a, b) => a - b);
  const found = await rows<Student>(
    tx.execute(sql`select s.id::int as id, s.first_name, s.last_name from students s
      where s.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint) and ${visibleStudent(actor.scope)}
      order by s.id for update of s`),
  );
  if (found.length < ids.length) throw notFound('Student');
  return new Map(found.map((student) => [student.id, student]));
}

/**
 * A student has at most one active enrollment in a series (`refuseDuplicate` of the one create
 * path): a student found with one already, or named twice in the items, is refused in that path's
 * words, naming the enrollment there is. Checked once the items are written, under the students' locks.
 */
async function refuseSecondActive(tx: Tx, found: Map<number, Student>, seriesFor: (item: ImportedEnrollment) => Series, items: ImportedEnrollment[], ids: number[]) {
  const [twice] = await rows<{ id: number; registration_number: string }>(
    tx.execute(sql`select n.id::int as id, e.registration_number::text as registration_number
      from enrollments n join enrollments e on e.student_id = n.student_id and e.series_id = n.series_id and e.id <> n.id
      where n.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
        and not e.orphaned and case when e.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
          -- Two of the items: the later is refused, as the create path refuses a second save.
          then e.id < n.id else e.status in (${sql.join(activeStatuses.map((status) => sql`${status}`), sql`, `)}) end
      order by n.id, e.id limit 1`),
  );
  if (!twice) return;
  const item = items[ids.indexOf(twice.id)]!;
  throw alreadyEnrolled(found.get(item.studentId)!, seriesFor(item).name, twice.registration_number);
}

/**
 * Enrollments an import writes in the caller's transaction (modules/student-import), all at once:
 * each series must be active and offered by its student's school, and the student one the user
 * sees (else 422, which undoes the import). The students it has just made have no enrollment yet;
 * those it found (`found`) are locked first and keep at most one active enrollment in a series.
 * Answers the new enrollments' ids in the order of `items`.
 */
export async function enrollImported(tx: Tx, actor: Actor, items: ImportedEnrollment[], { found = false } = {}): Promise<number[]> {
  if (items.length === 0) return [];
  const students = found ? await lockFound(tx, actor, items) : null;
  const seriesFor = await seriesOf(tx, actor, items);
  const values = items.map((item) => ({
    studentId: item.studentId,
    seriesId: item.seriesId,
    ...(item.startedOn ? { startedOn: item.startedOn } : {}),
    ...importedEnrollmentColumns(seriesFor(item), item),
  }));
  const ids = (await insertManyAudited(tx, actor, enrollments, values)).map((row) => row.id);
  if (students) await refuseSecondActive(tx, students, seriesFor, items, ids);
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

/**
 * From now until `countDeferred`, this transaction's new lessons are placed without the network's
 * lesson-count lock and not counted, and its new enrollments are not counted by follow-up day
 * (migration 0049): an import that counted its lessons as it wrote them held that lock, and so
 * every lesson saved in the network waited, for its whole apply. Only for enrollments the same
 * transaction makes and their lessons; changing or removing an enrollment or a lesson meanwhile is
 * refused by the database.
 */
export async function deferCounts(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('srs.counts_deferred', 'on', true)`);
}

/**
 * The deferred enrollments (`enrollmentIds`: every one the transaction made) and their lessons
 * counted, under the lesson-count lock until the commit, and the deferral ended. Answers the
 * lessons' ids in order.
 */
export async function countDeferred(tx: Tx, enrollmentIds: number[]): Promise<number[]> {
  const lessons = await rows<{ id: number }>(
    tx.execute(sql`select l.id::int as id from unnest(srs_count_deferred(${sql.param([...enrollmentIds])}::bigint[])) as l(id) order by l.id`),
  );
  return lessons.map((lesson) => lesson.id);
}
