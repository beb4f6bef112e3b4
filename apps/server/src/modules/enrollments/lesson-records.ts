import type { AttendanceAttributes, EpisodeDeliveryAttributes } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { z } from 'zod';
import { invalid, notFound } from '../../core/errors.ts';
import { attendances, episodeDeliveries } from '../../db/schema/index.ts';
import { forgetChildren, writeDecisions, writeNotes } from './child-records.ts';
import type { RecordContext } from './record-context.ts';

type DeliveryInput = z.output<typeof EpisodeDeliveryAttributes>;
type AttendanceInput = z.output<typeof AttendanceAttributes>;
type DeliveryState = NonNullable<ReturnType<RecordContext['deliveries']['get']>>;

const duplicateLesson = () => invalid({ lesson: ['has already been sent for this enrollment'] });

/** A lesson comes back after it went out: a received date before the sent date is a typing slip. */
export function checkDates(dateSent: string | null | undefined, dateCompleted: string | null | undefined) {
  if (!dateSent && !dateCompleted) throw invalid([messages.sentOrReceivedRequired]);
  if (dateSent && dateCompleted && dateCompleted < dateSent) {
    throw invalid({ date_completed: ['must not be before the sent date'] });
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

function checkGrader(ctx: RecordContext, graderId: number | null | undefined) {
  if (graderId === undefined || graderId === null || ctx.graderIds.has(graderId)) return;
  throw invalid({ grading_instructor_id: ["is not staff of the student's school"] });
}

async function createDelivery(ctx: RecordContext, item: DeliveryInput): Promise<number> {
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
    const row = await ctx.insert(episodeDeliveries, values);
    ctx.deliveries.set(row.id, {
      episodeId,
      dateSent: values.dateSent,
      dateCompleted: values.dateCompleted,
      gradingInstructorId: values.gradingInstructorId,
    });
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateLesson();
    throw error;
  }
}

async function updateDelivery(ctx: RecordContext, id: number, current: DeliveryState, item: DeliveryInput) {
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
  await ctx.update(episodeDeliveries, id, changes);
  Object.assign(current, {
    dateSent: dateSent ?? null,
    dateCompleted: dateCompleted ?? null,
    gradingInstructorId:
      item.grading_instructor_id === undefined ? current.gradingInstructorId : item.grading_instructor_id,
  });
}

/** episode_deliveries_attributes: the lessons of a course enrollment, sent or received. */
export async function writeDeliveries(ctx: RecordContext, items: DeliveryInput[] = []) {
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
        await ctx.removeWithChildren(episodeDeliveries, id, 'episode_delivery_id');
        ctx.deliveries.delete(id);
        forgetChildren(ctx, { column: 'episode_delivery_id', id });
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

function attendanceOfEpisode(ctx: RecordContext, episodeId: number | undefined): number | undefined {
  if (episodeId === undefined) return undefined;
  for (const [id, attended] of ctx.attendances) if (attended === episodeId) return id;
  return undefined;
}

async function createAttendance(ctx: RecordContext, episodeId: number | undefined): Promise<number> {
  if (episodeId === undefined) throw invalid({ episode_id: [messages.fieldRequired] });
  if (!ctx.episodeIds.has(episodeId)) throw invalid({ episode_id: ['is not a presentation of this seminar'] });
  const row = await ctx.insert(attendances, { enrollmentId: ctx.enrollment.id, episodeId });
  ctx.attendances.set(row.id, episodeId);
  return row.id;
}

/**
 * attendances_attributes (ours): the presentations of a seminar enrollment, by attendance id or
 * by episode_id. Decisions and notes of a presentation hang on its attendance, so recording
 * them creates the attendance when it is missing.
 */
export async function writeAttendances(ctx: RecordContext, items: AttendanceInput[] = []) {
  if (items.length === 0) return;
  if (ctx.enrollment.seriesType !== 'Seminar') {
    throw invalid({ attendances: ['are only recorded for seminar enrollments'] });
  }
  for (const item of items) {
    let id = item.id ?? attendanceOfEpisode(ctx, item.episode_id);
    if (item.id !== undefined && !ctx.attendances.has(item.id)) throw notFound('Attendance');
    if (item._destroy) {
      if (id === undefined) continue;
      await ctx.removeWithChildren(attendances, id, 'attendance_id');
      ctx.attendances.delete(id);
      forgetChildren(ctx, { column: 'attendance_id', id });
      continue;
    }
    id ??= await createAttendance(ctx, item.episode_id);
    const parent = { column: 'attendance_id', id } as const;
    await writeDecisions(ctx, parent, item.decisions_attributes);
    await writeNotes(ctx, parent, item.notes_attributes);
  }
}
