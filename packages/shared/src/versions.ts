import { z } from 'zod';
import { boundedArray, boundedText, idRef, isoDate, ListQuery, Pagination, PersonRef } from './common.ts';

/**
 * The audit trail (DOMAIN.md, Versions; issue 11): every create, update and delete of a record,
 * with who, when, the record and each changed field before and after.
 * An erasure (issue 12, docs/decisions/017) is a change of its own: a student's personal data
 * replaced in place, recorded without any of it.
 */
export const versionEvents = ['create', 'update', 'destroy', 'erase'] as const;
export type VersionEvent = (typeof versionEvents)[number];

/** What a person calls each action in the list's filter and on a change's page. */
export const versionEventLabels: Record<VersionEvent, string> = {
  create: 'Created',
  update: 'Updated',
  destroy: 'Deleted',
  erase: 'Erased',
};

/**
 * The kinds of record a person filters the list by, with their names. A version of another kind
 * (a lesson sent, a claimed zip code…) is listed all the same, under its own name.
 */
export const versionRecordTypes = {
  Student: 'Student',
  Enrollment: 'Enrollment',
  School: 'School',
  User: 'User',
  Series: 'Course or seminar',
  EpisodeDelivery: 'Lesson',
  Visit: 'Visit',
  Reminder: 'Reminder',
  Decision: 'Decision',
  Note: 'Note',
  ProductDelivery: 'Product delivery',
  Attendance: 'Attendance',
  ApiKey: 'API key',
} as const;

/** A name of code in words: 'ClaimedZip' → 'Claimed zip', 'firstName' → 'First name'. */
export function spelledOut(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A kind of record in words: its name above, else spelled out. */
export function recordTypeLabel(itemType: string): string {
  return (versionRecordTypes as Record<string, string>)[itemType] ?? spelledOut(itemType);
}

/** GET /versions: newest first, by key (after/before), with the filters of the list. */
export const VersionListQuery = ListQuery.pick({ page: true, per_page: true, pagination: true, after: true, before: true }).extend({
  item_type: boundedText(40).optional(),
  item_id: idRef.optional(),
  whodunnit: idRef.optional(),
  event: z.enum(versionEvents).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type VersionListQuery = z.infer<typeof VersionListQuery>;

export const VersionSummary = z.object({
  id: z.number(),
  item_type: z.string(),
  /** The kind of record in words ('Student', 'Lesson'). */
  item_type_label: z.string(),
  item_id: z.number(),
  event: z.enum(versionEvents),
  created_at: z.string(),
  /** Who made the change; null when their account was deleted since. */
  user: PersonRef.nullable(),
  /** The record as a person names it: 'Ann Lee', 'Grace Church (GC01)', 'Enrollment #1042'. */
  record: z.string(),
  /** The names of the fields that changed ('First name', 'City'). */
  fields: z.array(z.string()),
});
export type VersionSummary = z.infer<typeof VersionSummary>;

export const VersionListResponse = z.object({ versions: z.array(VersionSummary), pagination: Pagination });

/** One changed field, in words: names instead of ids, dates as MM/DD/YYYY, '-' for nothing. */
export const VersionChange = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
  /** Whether this field can be set back to its value before (an update of a student). */
  revertible: z.boolean(),
});
export type VersionChange = z.infer<typeof VersionChange>;

export const VersionDetail = VersionSummary.extend({
  changes: z.array(VersionChange),
  /** The record's page while it exists and the user may open it; null otherwise. */
  record_path: z.string().nullable(),
  /** What went with a deleted student ('2 enrollments, 3 lessons, 1 note'), else null. */
  removed_with: z.string().nullable(),
  /** A deleted student that this user may bring back (it is not back already). */
  can_restore: z.boolean(),
  /** An import of students (issue 27): whether this user may undo it now, and when it was undone. */
  import_undo: z.object({ can_undo: z.boolean(), undone_at: z.string().nullable() }).nullable(),
});
export type VersionDetail = z.infer<typeof VersionDetail>;

/** POST /versions/:id/revert: the fields to set back to their value before the change. */
export const VersionRevertInput = z.object({ fields: boundedArray(boundedText(60), 100).min(1) });
export type VersionRevertInput = z.infer<typeof VersionRevertInput>;

/** What a restore or a revert answers: the version it recorded and the record's page. */
export const VersionActionResponse = z.object({ version_id: z.number(), record_path: z.string().nullable() });

/**
 * POST /versions/:id/undo: an import of students taken back as a whole, within 30 days of it
 * (issue 27). What changed since stays, and is named: without `keep_changed` the undo is refused
 * (409) with the list; with it, the rest is undone and the list kept.
 */
export const VersionUndoInput = z.object({ keep_changed: z.boolean().optional() });
export type VersionUndoInput = z.infer<typeof VersionUndoInput>;

/** A student (or an enrollment it added to a student already there) changed since the import, kept. */
export const ImportKeptRecord = z.object({
  student_id: z.number(),
  name: z.string(),
  /** 'Changed since the import', 'Records added since the import'. */
  why: z.string(),
});
export type ImportKeptRecord = z.infer<typeof ImportKeptRecord>;

export const ImportUndoResponse = VersionActionResponse.extend({
  undone: z.object({ students: z.number(), enrollments: z.number(), lessons: z.number() }),
  kept: z.array(ImportKeptRecord),
});
export type ImportUndoResponse = z.infer<typeof ImportUndoResponse>;

export const importUndoMessages = {
  notAnImport: 'Only an import of students can be undone.',
  undoneAlready: (on: string) => `This import was undone already, on ${on}.`,
  tooOld: (days: number, on: string) => `An import can be undone for ${days} days; this one was made on ${on}.`,
  changed: (count: number) =>
    `${count === 1 ? '1 student' : `${count} students`} of this import changed since. Undo the rest and keep ${count === 1 ? 'it' : 'them'}, or leave the import as it is.`,
  changedSinceImport: 'Changed since the import',
  addedSinceImport: 'Records added since the import',
};
