import { formatDate } from '@srs/shared/dates';
import { erasedMarker } from '@srs/shared/privacy';
import { recordTypeLabel, spelledOut } from '@srs/shared/versions';
import { type SQL, sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import { anyId } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A version in the words a person reads (issue 11): the record's name, each field's name, and
 * values with names instead of ids and dates as MM/DD/YYYY. A version keeps rows as the app wrote
 * them (camelCase keys, core/audit.ts).
 */
type Row = Record<string, unknown>;

/** Fields a person has no use for, and secrets that are never shown (a password's hash, a token's). */
const hidden = /^(id|createdAt|updatedAt|searchName|associations)$|^cached|password|token|digest|hash|secret|oidcSub/i;

export const isShownField = (field: string) => !hidden.test(field);

/** 'firstName' → 'First name', 'zipCode' → 'Zip code', 'schoolId' → 'School'. */
export function fieldLabel(field: string): string {
  const special: Record<string, string> = {
    seriesId: 'Course or seminar',
    episodeId: 'Lesson',
    address2: 'Address 2',
    includeInMailingList: 'Include in mailing list',
  };
  return special[field] ?? spelledOut(field.replace(/Id$/, ''));
}

/** The row a version tells of: as it was before the change, or as it was created. */
export function rowOf(object: Row | null, changes: Record<string, [unknown, unknown]>): Row {
  if (object) return object;
  return Object.fromEntries(Object.entries(changes).map(([field, [, after]]) => [field, after]));
}

/** The record as a person names it. */
export function recordLabel(itemType: string, itemId: number, row: Row): string {
  // A name erased on request (docs/decisions/017) names nobody: the record reads by its number.
  const text = (value: unknown) => (typeof value === 'string' && value.trim() && value !== erasedMarker ? value.trim() : null);
  const person = [text(row.firstName), text(row.lastName)].filter(Boolean).join(' ');
  if (person) return person;
  if (itemType === 'School' && text(row.churchName)) return `${text(row.churchName)} (${text(row.schoolCode) ?? ''})`;
  if (itemType === 'Enrollment' && row.registrationNumber) return `Enrollment #${String(row.registrationNumber)}`;
  return text(row.name) ?? `${recordTypeLabel(itemType)} #${itemId}`;
}

/** The tables a field ending in Id names, and how a person calls their rows. */
const references: Record<string, SQL> = {
  school: sql`select id, church_name || ' (' || school_code || ')' as label from schools`,
  user: sql`select id, first_name || ' ' || last_name as label from users`,
  student: sql`select id, first_name || ' ' || last_name as label from students`,
  series: sql`select id, name as label from series`,
  episode: sql`select id, name as label from episodes`,
  enrollment: sql`select id, 'Enrollment #' || registration_number as label from enrollments`,
  decisionOption: sql`select id, name as label from decision_options`,
  productOffer: sql`select id, name as label from product_offers`,
  conference: sql`select id, name as label from conferences`,
};
const referenceOf: Record<string, keyof typeof references> = {
  schoolId: 'school',
  instructorId: 'user',
  userId: 'user',
  studentId: 'student',
  seriesId: 'series',
  episodeId: 'episode',
  enrollmentId: 'enrollment',
  decisionOptionId: 'decisionOption',
  productOfferId: 'productOffer',
  conferenceId: 'conference',
};

/** Names of the ids the fields hold, looked up once per table: table → id → name. */
export async function referenceNames(db: DbOrTx, values: [string, unknown][]): Promise<Map<string, Map<number, string>>> {
  const wanted = new Map<keyof typeof references, Set<number>>();
  for (const [field, value] of values) {
    const table = referenceOf[field];
    if (table && typeof value === 'number') wanted.set(table, (wanted.get(table) ?? new Set()).add(value));
  }
  const names = new Map<string, Map<number, string>>();
  for (const [table, ids] of wanted) {
    const found = await rows<{ id: number | string; label: string }>(
      db.execute(sql`select * from (${references[table]}) r where r.id = ${anyId([...ids])}`),
    );
    names.set(table, new Map(found.map((row) => [Number(row.id), row.label])));
  }
  return names;
}

/** One value as a person reads it. */
export function valueText(field: string, value: unknown, names: Map<string, Map<number, string>>): string {
  if (value === null || value === undefined || value === '') return '-';
  const table = referenceOf[field];
  if (table && typeof value === 'number') return names.get(table)?.get(value) ?? `#${value} (deleted since)`;
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
