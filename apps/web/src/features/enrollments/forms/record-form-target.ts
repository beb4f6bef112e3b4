import type { SeriesType } from '@srs/shared/enrollments';

/**
 * What a record form is opened for (SPEC section 2, Quick Add forms): the kind of record, the
 * student (null: the form asks for one first), and optionally the enrollment and the lesson,
 * presentation, visit or reminder it is about, preselected.
 */
export type RecordFormKind = 'lesson' | 'visit' | 'product' | 'reminder' | 'decision' | 'note' | 'enroll';

/**
 * The record a decision or note is about. Ids: lesson → the episode delivery (a lesson sent or
 * received); presentation → the presentation (episode) itself, whose attendance row is created on
 * save when missing; visit → the visit; reminder → the reminder.
 */
export type RecordContext = { type: 'lesson' | 'presentation' | 'visit' | 'reminder'; id: number };

export type RecordFormTarget = {
  kind: RecordFormKind;
  studentId: number | null;
  enrollmentId?: number | null;
  context?: RecordContext | null;
  /** The lesson (episode) a 'Send' of a lessons-tab row is for, preselected in the lesson form. */
  episodeId?: number | null;
  /** 'Enroll' from a student's courses or seminars tab offers only that kind of series. */
  seriesType?: SeriesType | null;
  /** The series an 'Enroll' of an offered course or seminar is for, preselected in the enroll form. */
  seriesId?: number | null;
};

/** A form opened from an enrollment's page: for its student and itself, and the record given. */
export function enrollmentTarget(
  enrollment: { id: number; student: { id: number } },
  kind: RecordFormKind,
  context?: RecordContext,
): RecordFormTarget {
  return { kind, studentId: enrollment.student.id, enrollmentId: enrollment.id, ...(context && { context }) };
}
