import type { EnrollmentDetail, EnrollmentUpdateInput, TakeAttendanceInput } from '@srs/shared/enrollments';

/** What a waiting write records, said in the list of waiting writes ('Lesson received: Ana Ruiz, Bible Course'). */
export type WrittenKind =
  | 'lessonSent'
  | 'lessonReceived'
  | 'lessonChanged'
  | 'visit'
  | 'reminder'
  | 'note'
  | 'product'
  | 'decision'
  | 'attendance'
  | 'removal'
  | 'change';

export type WrittenWhat = {
  kind: WrittenKind;
  enrollmentId: number | null;
  seminarId: number | null;
  studentId: number | null;
  studentName: string | null;
  seriesName: string | null;
  seriesType: 'Course' | 'Seminar' | null;
  /** The date the record carries (a visit's, a lesson's), YYYY-MM-DD. */
  date: string | null;
};

type Written =
  | { kind: 'enrollment'; enrollmentId: number; body: EnrollmentUpdateInput }
  | { kind: 'attendance'; seminarId: number | null; body: TakeAttendanceInput };

type Nested = Record<string, unknown> & { id?: unknown; _destroy?: unknown };

function firstOf(body: EnrollmentUpdateInput, name: string): Nested | null {
  const list = (body as Record<string, unknown>)[name];
  return Array.isArray(list) && list.length > 0 ? (list[0] as Nested) : null;
}

/** A record's id as a body carries it: a positive whole number, or its digits. */
const idOf = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

const nestedLists = [
  'episode_deliveries_attributes',
  'visits_attributes',
  'reminders_attributes',
  'product_deliveries_attributes',
  'attendances_attributes',
] as const;

const has = (item: Nested, name: string) => Array.isArray(item[name]) && (item[name] as unknown[]).length > 0;

/** A note or decisions added to a record that exists (the note and decision forms). */
function addedTo(item: Nested): WrittenKind | null {
  if (has(item, 'decisions_attributes')) return 'decision';
  if (has(item, 'notes_attributes')) return 'note';
  return null;
}

/** The kind of a PUT /enrollments/{id} body: the first nested list it carries says what it is. */
function enrollmentKind(body: EnrollmentUpdateInput): { kind: WrittenKind; date: string | null } {
  const list = nestedLists.find((name) => firstOf(body, name) !== null);
  const item = list ? firstOf(body, list) : null;
  if (!list || !item) return { kind: 'change', date: null };
  if (item._destroy) return { kind: 'removal', date: null };
  const isNew = item.id === undefined;
  if (list === 'episode_deliveries_attributes') {
    const date = text(item.date_completed) ?? text(item.date_sent);
    if (isNew) return { kind: item.date_completed ? 'lessonReceived' : 'lessonSent', date };
    // Received: the date it came back (with its decisions and note); an edit sends every field.
    if (!('date_sent' in item) && text(item.date_completed)) return { kind: 'lessonReceived', date };
    return { kind: 'date_sent' in item ? 'lessonChanged' : (addedTo(item) ?? 'lessonChanged'), date };
  }
  const dates = { visits_attributes: 'date', reminders_attributes: 'date', product_deliveries_attributes: 'delivered_at', attendances_attributes: '' };
  const date = text(item[dates[list]]);
  if (!isNew) return { kind: addedTo(item) ?? 'change', date };
  const kinds = { visits_attributes: 'visit', reminders_attributes: 'reminder', product_deliveries_attributes: 'product', attendances_attributes: 'attendance' } as const;
  return { kind: kinds[list], date };
}

/** The tab of the enrollment's page a record of this kind is on; undefined: the page's first. */
export function tabOfKind(kind: WrittenKind): string | undefined {
  const tabs: Partial<Record<WrittenKind, string>> = { visit: 'visits', reminder: 'reminders', product: 'products', decision: 'decisions' };
  return tabs[kind];
}

/** What a write records, with the names the person saw (the enrollment's page, when it was open). */
export function whatIsWritten(written: Written, detail?: EnrollmentDetail): WrittenWhat {
  if (written.kind === 'attendance') {
    return {
      kind: 'attendance',
      enrollmentId: null,
      seminarId: written.seminarId,
      studentId: null,
      studentName: null,
      seriesName: null,
      seriesType: 'Seminar',
      date: null,
    };
  }
  const { kind, date } = enrollmentKind(written.body);
  return {
    kind,
    enrollmentId: written.enrollmentId,
    seminarId: null,
    studentId: detail?.student.id ?? null,
    studentName: detail ? `${detail.student.first_name} ${detail.student.last_name}` : null,
    seriesName: detail?.series.name ?? null,
    seriesType: detail?.series.type ?? null,
    date,
  };
}

/**
 * An enrollment's records as a short text: two copies with the same fingerprint have the same
 * status, instructor and records. What the day changes on its own (needing follow-up) and what
 * the person may do are left out.
 */
export function enrollmentFingerprint(detail: EnrollmentDetail): string {
  const records = JSON.stringify([
    detail.status,
    detail.instructor?.id ?? null,
    detail.episode_deliveries,
    detail.attendances,
    detail.visits,
    detail.reminders,
    detail.product_deliveries,
  ]);
  // FNV-1a: a short mark, not a secret.
  let hash = 0x811c9dc5;
  for (let i = 0; i < records.length; i += 1) {
    hash ^= records.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${records.length}:${hash.toString(16)}`;
}

/** The lessons a waiting write of an enrollment sends or records as received. */
export type LessonsWaiting = { sent: ReadonlySet<number>; received: ReadonlySet<number> };

/**
 * The lessons the waiting writes of an enrollment send (new lessons, by their lesson's id) and
 * record as received (lessons out, by their own id), so that the lessons tab offers neither again
 * while they wait: a second tap would queue a second write.
 */
export function lessonsWaiting(writes: readonly { what: Pick<WrittenWhat, 'enrollmentId'>; body: unknown }[], enrollmentId: number): LessonsWaiting {
  const sent = new Set<number>();
  const received = new Set<number>();
  for (const write of writes) {
    if (write.what.enrollmentId !== enrollmentId || typeof write.body !== 'object' || write.body === null) continue;
    const items = (write.body as Record<string, unknown>).episode_deliveries_attributes;
    if (!Array.isArray(items)) continue;
    for (const entry of items as unknown[]) {
      // A queue kept by another version may hold anything: only records are read.
      if (typeof entry !== 'object' || entry === null) continue;
      const item = entry as Nested;
      if (item._destroy) continue;
      const id = idOf(item.id);
      const episode = idOf(item.episode_id);
      if (item.id === undefined && episode !== null) sent.add(episode);
      else if (id !== null && text(item.date_completed)) received.add(id);
    }
  }
  return { sent, received };
}
