import { formatDate } from './dates.ts';

/**
 * What a 404 for a student or an enrollment adds when the record was deleted and the user saw it
 * then (issue 25): `{ error, deleted }`. A record the user could not see stays a plain 404. Plain
 * TypeScript, no zod: the browser's error page reads it, and it is on every page's first load.
 */
export type DeletedRecord = {
  record: 'student' | 'enrollment';
  /** The day of the deletion, YYYY-MM-DD. */
  deleted_on: string;
  /** Who deleted it; null when their account was deleted since. */
  deleted_by: { id: number; first_name: string; last_name: string } | null;
  /** The change that deleted it, when this user may open it. */
  version_id: number | null;
  /** Whether this user may bring it back from that change (a student, for the admins of its school). */
  can_restore: boolean;
};

/** 'This student was deleted on 11/28/2026 by Ann Lee.' */
export function deletedSentence(deleted: DeletedRecord): string {
  const by = deleted.deleted_by ? ` by ${deleted.deleted_by.first_name} ${deleted.deleted_by.last_name}`.trimEnd() : ' by a deleted user';
  return `This ${deleted.record} was deleted on ${formatDate(deleted.deleted_on)}${by}.`;
}

/** The deletion a 404's body tells of, if any. */
export function deletedRecordOf(body: unknown): DeletedRecord | null {
  const deleted = body && typeof body === 'object' && 'deleted' in body ? (body as { deleted: unknown }).deleted : null;
  if (!deleted || typeof deleted !== 'object') return null;
  const { record, deleted_on: day } = deleted as Partial<DeletedRecord>;
  return (record === 'student' || record === 'enrollment') && typeof day === 'string' ? (deleted as DeletedRecord) : null;
}
