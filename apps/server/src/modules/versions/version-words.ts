import { formatDate } from '@srs/shared/dates';
import { deliveryTypeLabels } from '@srs/shared/enrollments';
import { erasedMarker } from '@srs/shared/privacy';
import { mailingOptionLabels } from '@srs/shared/students';
import { recordTypeLabel, spelledOut } from '@srs/shared/versions';
import { type SQL, sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import { anyId, type Scope, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A version in the words a person reads (issue 11): the record's name, each field's name, and
 * values with names instead of ids and dates as MM/DD/YYYY. A version keeps rows as the app wrote
 * them (camelCase keys, core/audit.ts).
 */
type Row = Record<string, unknown>;

/**
 * Fields a person has no use for: the machine's own bookkeeping (a create's request key, the
 * counters and caches the database keeps, a session's generation), and secrets that are never
 * shown (a password's hash, a token's, a second factor's). An import's `made` is the ids of
 * everything it made, shown as its counts.
 */
const hidden =
  /^(id|createdAt|updatedAt|searchName|associations|made|requestKey|sessionGeneration|mfaLastStep|lastSignInAt)$|^cached|password|token|digest|hash|secret|oidcSub/i;

/** A field ending in Id that names no table a person knows (an upload's, an API key's) says nothing. */
export const isShownField = (field: string) => !hidden.test(field) && (!/Id$/.test(field) || field in referenceOf);

/** 'firstName' → 'First name', 'zipCode' → 'Zip code', 'schoolId' → 'School', 'createdById' → 'Created by'. */
export function fieldLabel(field: string): string {
  const special: Record<string, string> = {
    seriesId: 'Course or seminar',
    episodeId: 'Lesson',
    episodeDeliveryId: 'Lesson',
    attendanceId: 'Presentation',
    address2: 'Address 2',
    includeInMailingList: 'Include in mailing list',
    userId: 'User',
    type: 'Type',
  };
  return special[field] ?? spelledOut(field.replace(/Id$/, ''));
}

/** The values of a field chosen from a list, as a person reads them: 'if_address_valid' → 'If the address is valid'. */
const valueWords: Record<string, Record<string, string>> = {
  includeInMailingList: mailingOptionLabels,
  deliveryType: deliveryTypeLabels,
  type: { Note: 'Note', PrayerRequest: 'Prayer request', Course: 'Course', Seminar: 'Seminar' },
  roleType: { global_admin: 'Global admin', conference_admin: 'Conference admin', school_admin: 'School admin', instructor: 'Instructor' },
};

/** The row a version tells of: as it was before the change, or as it was created. */
export function rowOf(object: Row | null, changes: Record<string, [unknown, unknown]>): Row {
  if (object) return object;
  return Object.fromEntries(Object.entries(changes).map(([field, [, after]]) => [field, after]));
}

/** Text as it names something: a name erased on request (docs/decisions/017) names nobody. */
const text = (value: unknown) => (typeof value === 'string' && value.trim() && value !== erasedMarker ? value.trim() : null);

/** 'Ann Smith' from a row's first and last names; null when it has none (or they were erased). */
export function personName(row: Row): string | null {
  return [text(row.firstName), text(row.lastName)].filter(Boolean).join(' ') || null;
}

/**
 * The record as a person names it by its own row. A record named by what it belongs to (a note by
 * its student's enrollment) is named in version-records.ts.
 */
export function recordLabel(itemType: string, itemId: number, row: Row): string {
  const person = personName(row);
  if (person) return person;
  if (itemType === 'Student') return 'A student whose name was erased';
  if (itemType === 'School' && text(row.churchName)) return `${text(row.churchName)} (${text(row.schoolCode) ?? ''})`;
  if (itemType === 'ClaimedZip' && text(row.zipCode)) return `Zip code ${text(row.zipCode)}`;
  return text(row.name) ?? `${recordTypeLabel(itemType)} #${itemId}`;
}

/**
 * The tables a field ending in Id names, and how a person calls their rows. A student, and what
 * names one (an enrollment), only for a viewer who sees that student now (issue 25).
 */
const references: Record<string, (scope: Scope) => SQL> = {
  school: () => sql`select id, church_name || ' (' || school_code || ')' as label from schools`,
  user: () => sql`select id, first_name || ' ' || last_name as label from users`,
  student: (scope) => sql`select s.id, s.first_name || ' ' || s.last_name as label from students s where ${visibleStudent(scope)}`,
  series: () => sql`select id, name as label from series`,
  episode: () => sql`select id, name as label from episodes`,
  enrollment: (scope) => sql`select e.id, s.first_name || ' ' || s.last_name || '''s ' || se.name || ' enrollment' as label
    from enrollments e join students s on s.id = e.student_id join series se on se.id = e.series_id where ${visibleStudent(scope)}`,
  episodeDelivery: () => sql`select d.id, 'Lesson ' || ep.position || '. ' || ep.name as label
    from episode_deliveries d join episodes ep on ep.id = d.episode_id`,
  attendance: () => sql`select a.id, ep.position || '. ' || ep.name as label from attendances a join episodes ep on ep.id = a.episode_id`,
  visit: () => sql`select id, 'Visit on ' || to_char(date, 'MM/DD/YYYY') as label from visits`,
  reminder: () => sql`select id, 'Reminder for ' || to_char(date, 'MM/DD/YYYY') as label from reminders`,
  decisionOption: () => sql`select id, name as label from decision_options`,
  productOffer: () => sql`select id, name as label from product_offers`,
  conference: () => sql`select id, name as label from conferences`,
};
const referenceOf: Record<string, keyof typeof references> = {
  schoolId: 'school',
  instructorId: 'user',
  userId: 'user',
  // Who did something to a record: its creator, author, visitor, grader, sharer.
  createdById: 'user',
  authorId: 'user',
  visitorId: 'user',
  gradingInstructorId: 'user',
  sharedById: 'user',
  headSchoolAdminId: 'user',
  decidedById: 'user',
  studentId: 'student',
  seriesId: 'series',
  episodeId: 'episode',
  enrollmentId: 'enrollment',
  episodeDeliveryId: 'episodeDelivery',
  attendanceId: 'attendance',
  visitId: 'visit',
  reminderId: 'reminder',
  decisionOptionId: 'decisionOption',
  productOfferId: 'productOffer',
  conferenceId: 'conference',
};

/** What a student or an enrollment that this viewer does not see (or that is gone) reads as. */
const notShown = 'Not available';

/** Names of the ids the fields hold, looked up once per table: table → id → name. */
export async function referenceNames(db: DbOrTx, scope: Scope, values: [string, unknown][]): Promise<Map<string, Map<number, string>>> {
  const wanted = new Map<keyof typeof references, Set<number>>();
  for (const [field, value] of values) {
    const table = referenceOf[field];
    if (table && typeof value === 'number') wanted.set(table, (wanted.get(table) ?? new Set()).add(value));
  }
  const names = new Map<string, Map<number, string>>();
  for (const [table, ids] of wanted) {
    const found = await rows<{ id: number | string; label: string }>(
      db.execute(sql`select * from (${references[table]!(scope)}) r where r.id = ${anyId([...ids])}`),
    );
    names.set(table, new Map(found.map((row) => [Number(row.id), row.label])));
  }
  return names;
}

/** One value as a person reads it. */
export function valueText(field: string, value: unknown, names: Map<string, Map<number, string>>): string {
  if (value === null || value === undefined || value === '') return '-';
  const table = referenceOf[field];
  if (table && typeof value === 'number') {
    return names.get(table)?.get(value) ?? (table === 'student' || table === 'enrollment' ? notShown : 'Deleted since');
  }
  if (typeof value === 'string' && valueWords[field]?.[value]) return valueWords[field][value];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return dateTime(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** 'MM/DD/YYYY HH:MM' in UTC, as the list shows when a change was made. */
export function dateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(date.toISOString())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}
