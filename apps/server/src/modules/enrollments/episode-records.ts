import type { AttendanceAttributes, EpisodeDeliveryAttributes } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { z } from 'zod';
import { attendances, episodeDeliveries } from '../../db/schema/index.ts';
import { insertAudited, updateAudited } from '../../lib/audited.ts';
import { invalid, notFound } from '../../plugins/errors.ts';
import { destroyWithDependents, forgetChildren, writeDecisions, writeNotes } from './nested-children.ts';
import type { WriteContext } from './write-context.ts';

type DeliveryInput = z.output<typeof EpisodeDeliveryAttributes>;
type AttendanceInput = z.output<typeof AttendanceAttributes>;
type DeliveryState = NonNullable<ReturnType<WriteContext['deliveries']['get']>>;

const duplicateLesson = () => invalid({ lesson: ['has already been sent for this enrollment'] });

/** A lesson comes back after it went out: a received date before the sent date is a typing slip. */
function checkDates(dateSent: string | null | undefined, dateCompleted: string | null | undefined) {
  if (!dateSent && !dateCompleted) throw invalid([messages.sentOrReceivedRequired]);
  if (dateSent && dateCompleted && dateCompleted < dateSent) {
    throw invalid({ date_completed: ['must not be before the sent date'] });
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

function checkGrader(ctx: WriteContext, graderId: number | null | undefined) {
  if (graderId === undefined || graderId === null || ctx.graderIds.has(graderId)) return;
  throw invalid({ grading_instructor_id: ["is not staff of the student's school"] });
}

async function createDelivery(ctx: WriteContext, item: DeliveryInput): Promise<number> {
  const episodeId = item.episode_id;
  if (episodeId === undefined) throw invalid({ episode_id: [messages.fieldRequired] });
  if (!ctx.episodeIds.has(episodeId)) throw invalid({ episode_id: ['is not a lesson of this course'] });
  // SPEC section 5, Lesson form: one of the two dates, the sentence as an array body.
  checkDates(item.date_sent, item.date_completed);
  if ([...ctx.deliveries.values()].some((delivery) => delivery.episodeId === episodeId)) throw duplicateLesson();
  checkGrader(ctx, item.grading_instructor_id);
  const values = {
    enrollmentId: ctx.enrollment.id,
    episodeId,
    dateSent: item.date_sent ?? null,
    dateCompleted: item.date_completed ?? null,
    deliveryType: item.delivery_type ?? null,
    gradingInstructorId: item.grading_instructor_id ?? null,
  };
  try {
    const row = await insertAudited(ctx.tx, episodeDeliveries, values, ctx.userId);
    ctx.deliveries.set(row.id, {
      episodeId,
      dateSent: values.dateSent,
      dateCompleted: values.dateCompleted,
      gradingInstructorId: values.gradingInstructorId,
    });
    ctx.changed.deliveries = true;
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateLesson();
    throw error;
  }
}

async function updateDelivery(ctx: WriteContext, id: number, current: DeliveryState, item: DeliveryInput) {
  if (item.episode_id !== undefined && item.episode_id !== current.episodeId) {
    throw invalid({ episode_id: ['cannot be changed: remove the lesson and send the other one'] });
  }
  const dateSent = item.date_sent === undefined ? current.dateSent : item.date_sent;
  const dateCompleted = item.date_completed === undefined ? current.dateCompleted : item.date_completed;
  checkDates(dateSent, dateCompleted);
  if (item.grading_instructor_id !== current.gradingInstructorId) checkGrader(ctx, item.grading_instructor_id);
  const changes = {
    ...(item.date_sent === undefined ? {} : { dateSent: item.date_sent }),
    ...(item.date_completed === undefined ? {} : { dateCompleted: item.date_completed }),
    ...(item.delivery_type === undefined ? {} : { deliveryType: item.delivery_type }),
    ...(item.grading_instructor_id === undefined ? {} : { gradingInstructorId: item.grading_instructor_id }),
  };
  if (Object.keys(changes).length === 0) return;
  await updateAudited(ctx.tx, episodeDeliveries, id, changes, ctx.userId);
  ctx.changed.deliveries = true;
  Object.assign(current, {
    dateSent: dateSent ?? null,
    dateCompleted: dateCompleted ?? null,
    gradingInstructorId:
      item.grading_instructor_id === undefined ? current.gradingInstructorId : item.grading_instructor_id,
  });
}

/** episode_deliveries_attributes: the lessons of a course enrollment, sent or received. */
export async function writeDeliveries(ctx: WriteContext, items: DeliveryInput[] = []) {
  if (items.length === 0) return;
  if (ctx.enrollment.seriesType !== 'Course') {
    throw invalid({ episode_deliveries: ['are only recorded for course enrollments'] });
  }
  for (const item of items) {
    let id = item.id;
    if (id !== undefined) {
      const current = ctx.deliveries.get(id);
      if (!current) throw notFound('Episode delivery');
      if (item._destroy) {
        await destroyWithDependents(ctx.tx, ctx.userId, episodeDeliveries, id, 'episode_delivery_id');
        ctx.deliveries.delete(id);
        forgetChildren(ctx, { column: 'episode_delivery_id', id });
        ctx.changed.deliveries = true;
        continue;
      }
      await updateDelivery(ctx, id, current, item);
    } else {
      if (item._destroy) continue;
      id = await createDelivery(ctx, item);
    }
    const parent = { column: 'episode_delivery_id', id } as const;
    await writeDecisions(ctx, parent, item.decisions_attributes);
    await writeNotes(ctx, parent, item.notes_attributes);
  }
}

function attendanceOfEpisode(ctx: WriteContext, episodeId: number | undefined): number | undefined {
  if (episodeId === undefined) return undefined;
  for (const [id, attended] of ctx.attendances) if (attended === episodeId) return id;
  return undefined;
}

async function createAttendance(ctx: WriteContext, episodeId: number | undefined): Promise<number> {
  if (episodeId === undefined) throw invalid({ episode_id: [messages.fieldRequired] });
  if (!ctx.episodeIds.has(episodeId)) throw invalid({ episode_id: ['is not a presentation of this seminar'] });
  const row = await insertAudited(
    ctx.tx,
    attendances,
    { enrollmentId: ctx.enrollment.id, episodeId },
    ctx.userId,
  );
  ctx.attendances.set(row.id, episodeId);
  ctx.changed.attendances = true;
  return row.id;
}

/**
 * attendances_attributes (ours): the presentations of a seminar enrollment, by attendance id or
 * by episode_id. Decisions and notes of a presentation hang on its attendance, so recording
 * them creates the attendance when it is missing.
 */
export async function writeAttendances(ctx: WriteContext, items: AttendanceInput[] = []) {
  if (items.length === 0) return;
  if (ctx.enrollment.seriesType !== 'Seminar') {
    throw invalid({ attendances: ['are only recorded for seminar enrollments'] });
  }
  for (const item of items) {
    let id = item.id ?? attendanceOfEpisode(ctx, item.episode_id);
    if (item.id !== undefined && !ctx.attendances.has(item.id)) throw notFound('Attendance');
    if (item._destroy) {
      if (id === undefined) continue;
      await destroyWithDependents(ctx.tx, ctx.userId, attendances, id, 'attendance_id');
      ctx.attendances.delete(id);
      forgetChildren(ctx, { column: 'attendance_id', id });
      ctx.changed.attendances = true;
      continue;
    }
    id ??= await createAttendance(ctx, item.episode_id);
    const parent = { column: 'attendance_id', id } as const;
    await writeDecisions(ctx, parent, item.decisions_attributes);
    await writeNotes(ctx, parent, item.notes_attributes);
  }
}
