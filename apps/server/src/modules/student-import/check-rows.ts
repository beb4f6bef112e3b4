import { createHash } from 'node:crypto';
import { isoDate } from '@srs/shared/common';
import { parseDateText } from '@srs/shared/dates';
import { enrollmentStatuses, type EnrollmentStatus, type SeriesType } from '@srs/shared/enrollments';
import { humanize, messages } from '@srs/shared/messages';
import type {
  StudentImportColumn,
  StudentImportField,
  StudentImportRow,
} from '@srs/shared/student-import';
import { mailingOptionLabels, mailingOptions, StudentFields } from '@srs/shared/students';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { HttpError, validationBody } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { administers } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { checkLessonDates } from '../enrollments/public.ts';
import type { PersonKeys } from '../students/public.ts';
import { offeredBySql } from '../series/public.ts';
import type { ImportSheet } from './read-file.ts';
import { candidatesOf, enrolledOf, keysOf, markRows, nameKey } from './same-person.ts';

/**
 * The check of every row of a student import (docs/decisions/024), the same for the preview and,
 * inside the apply's transaction, again before anything is written: the student by the form's
 * own schema (StudentFields), the school, the instructor and the row's one enrollment, then
 * whether the person is already a student the user sees (a match) or an earlier row (repeated).
 */

type Values = Partial<Record<StudentImportField, string>>;
/** A row of the file: its line, its values by field, and its cells as read (for a refused row's download). */
export type ImportLine = { line: number; values: Values; cells: readonly string[] };

/** A lesson record the row's enrollment gets: lessons 1 to the last sent or returned. */
type Lesson = { episode_id: number; date_sent: string | null; date_completed: string | null };
export type ImportEnrollment = {
  seriesId: number;
  seriesType: SeriesType;
  seriesName: string;
  status: EnrollmentStatus | null;
  startedOn: string | null;
  lessons: Lesson[];
};
export type CheckedRow = {
  row: StudentImportRow;
  student: StudentFields | null;
  schoolId: number | null;
  instructorId: number | null;
  enrollment: ImportEnrollment | null;
};

type SchoolFacts = {
  id: number;
  school_code: string;
  church_name: string;
  active: boolean;
  head_school_admin_id: number | null;
};
type Staff = { id: number; school_id: number; email: string; first_name: string; last_name: string };
type SeriesFacts = { id: number; school_id: number; type: SeriesType; name: string };

/** The form's default country (SPEC section 5: 'Country defaults to United States'). */
const defaultCountry = 'United States';

export const rowReasons = {
  schoolMissing: `School: ${messages.fieldRequired}`,
  notYourSchool: 'School: not one of your schools',
  schoolInactive: 'School: is not active',
  noHeadSchoolAdmin: `School: ${messages.noHeadSchoolAdmin}`,
  unknownInstructor: (name: string, code: string) =>
    `Instructor: no school admin or instructor of school ${code} has the email or name "${name}"`,
  ambiguousInstructor: (name: string) => `Instructor: more than one person is named "${name}"; give the email instead`,
  unknownSeries: (name: string, code: string) => `Course: no active course is named "${name}" among those school ${code} offers`,
  seriesMissing: `Course: ${messages.fieldRequired}`,
  status: `Status: is not one of ${enrollmentStatuses.join(', ')}`,
  mailing: `Include in mailing list: is not one of ${mailingOptions.map((option) => mailingOptionLabels[option]).join(', ')}`,
  wholeNumber: (field: string) => `${humanize(field)}: is not a whole number`,
  tooManyLessons: (field: string, count: number) => `${humanize(field)}: the course has ${count} lesson${count === 1 ? '' : 's'}`,
  seminarLessons: (field: string) => `${humanize(field)}: a seminar has no lessons sent or returned; leave it empty`,
  dateRequired: (field: string) => `${humanize(field)}: ${messages.fieldRequired}`,
};

/** The rows under the columns' meanings. */
export function linesOf(sheet: ImportSheet, columns: StudentImportColumn[]): ImportLine[] {
  return sheet.records.map((record) => {
    const values: Values = {};
    for (const column of columns) {
      if (column.field !== null) values[column.field] = record.fields[column.index]?.trim() ?? '';
    }
    return { line: record.line, values, cells: record.fields };
  });
}

/** Zod's issues as 'Field: message', the field as the form labels it. */
function reasonsOf(issues: Parameters<typeof validationBody>[0]): string[] {
  const body = validationBody(issues);
  if (Array.isArray(body)) return body;
  return Object.entries(body).flatMap(([field, list]) => list.map((message) => `${humanize(field)}: ${message}`));
}

/** A day in one of the formats the app accepts (MM/DD/YYYY, YYYY-MM-DD, MMDDYYYY), or the form's message. */
function dayOf(field: StudentImportField, text: string | undefined, reasons: string[]): string | null {
  if (!text) return null;
  const day = parseDateText(text) ?? text;
  const parsed = isoDate.safeParse(day);
  if (!parsed.success) {
    reasons.push(`${humanize(field)}: ${messages.dateInvalid}`);
    return null;
  }
  return parsed.data;
}

function wholeNumberOf(field: StudentImportField, text: string | undefined, reasons: string[]): number {
  if (!text) return 0;
  if (!/^\d{1,4}$/.test(text)) {
    reasons.push(rowReasons.wholeNumber(field));
    return 0;
  }
  return Number(text);
}

function mailingOf(text: string | undefined, reasons: string[]): string | undefined {
  if (!text) return undefined;
  const key = nameKey(text).replace(/[\s-]+/g, '_');
  const option = mailingOptions.find((value) => value === key || nameKey(mailingOptionLabels[value]) === nameKey(text));
  if (!option) reasons.push(rowReasons.mailing);
  return option;
}

/** What the rows name, looked up once: schools by code, their staff, the series they offer, those series' lessons. */
async function contextOf(db: DbOrTx, lines: ImportLine[], fileSchoolId: number | undefined) {
  const codes = [...new Set(lines.flatMap((line) => (line.values.school ? [line.values.school.toLowerCase()] : [])))];
  const schools = await rows<SchoolFacts>(
    db.execute(sql`select sc.id::int as id, sc.school_code, sc.church_name, sc.active, sc.head_school_admin_id::int as head_school_admin_id
      from schools sc
      where lower(sc.school_code) in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))
        or sc.id = ${fileSchoolId ?? 0}`),
  );
  const schoolIds = schools.map((school) => school.id);
  const ids = JSON.stringify(schoolIds);
  const staff = await rows<Staff>(
    db.execute(sql`select distinct u.id::int as id, r.school_id::int as school_id, u.email, u.first_name, u.last_name
      from roles r join users u on u.id = r.user_id
      where r.school_id in (select jsonb_array_elements_text(${ids}::jsonb)::bigint) and u.active
        and r.role_type in ('school_admin', 'instructor')`),
  );
  const names = [...new Set(lines.flatMap((line) => (line.values.series ? [line.values.series.toLowerCase()] : [])))];
  const series: SeriesFacts[] = [];
  // One query per school: a file is a school's, or a few.
  for (const schoolId of names.length > 0 ? schoolIds : []) {
    series.push(
      ...(await rows<SeriesFacts>(
        db.execute(sql`select se.id::int as id, ${schoolId}::int as school_id, se.type, se.name from series se
          where se.active and lower(se.name) in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))
            and ${offeredBySql(sql`se.id`, schoolId)}
          order by se.id`),
      )),
    );
  }
  const seriesIds = JSON.stringify([...new Set(series.map((one) => one.id))]);
  const episodes = await rows<{ id: number; series_id: number }>(
    db.execute(sql`select ep.id::int as id, ep.series_id::int as series_id from episodes ep
      where ep.series_id in (select jsonb_array_elements_text(${seriesIds}::jsonb)::bigint) order by ep.series_id, ep.position, ep.id`),
  );
  const lessonsOf = new Map<number, number[]>();
  for (const episode of episodes) lessonsOf.set(episode.series_id, [...(lessonsOf.get(episode.series_id) ?? []), episode.id]);
  return {
    schoolByCode: new Map(schools.map((school) => [school.school_code.toLowerCase(), school])),
    fileSchool: schools.find((school) => school.id === fileSchoolId) ?? null,
    staffOf: (schoolId: number) => staff.filter((person) => person.school_id === schoolId),
    seriesOf: (schoolId: number, name: string) =>
      series.find((one) => one.school_id === schoolId && one.name.toLowerCase() === name.toLowerCase()) ?? null,
    lessonsOf: (seriesId: number) => lessonsOf.get(seriesId) ?? [],
  };
}
type Context = Awaited<ReturnType<typeof contextOf>>;

function instructorOf(context: Context, school: SchoolFacts, text: string | undefined, reasons: string[]): number | null {
  if (!text) {
    // The instructor of a new student is the school's head school admin (SPEC section 3).
    if (school.head_school_admin_id === null) reasons.push(rowReasons.noHeadSchoolAdmin);
    return school.head_school_admin_id;
  }
  const staff = context.staffOf(school.id);
  const byEmail = staff.find((person) => person.email.toLowerCase() === text.toLowerCase());
  if (byEmail) return byEmail.id;
  const named = staff.filter((person) => nameKey(`${person.first_name} ${person.last_name}`) === nameKey(text));
  if (named.length === 1) return named[0]!.id;
  reasons.push(named.length > 1 ? rowReasons.ambiguousInstructor(text) : rowReasons.unknownInstructor(text, school.school_code));
  return null;
}

/** The row's one enrollment: its course or seminar among the school's, its status, start and lessons. */
function enrollmentOf(context: Context, school: SchoolFacts | null, values: Values, reasons: string[]): ImportEnrollment | null {
  const name = values.series;
  const status = values.status ? enrollmentStatuses.find((one) => one.toLowerCase() === values.status!.toLowerCase()) : undefined;
  if (values.status && !status) reasons.push(rowReasons.status);
  const startedOn = dayOf('started_on', values.started_on, reasons);
  const sent = wholeNumberOf('last_lesson_sent', values.last_lesson_sent, reasons);
  const returned = wholeNumberOf('last_lesson_returned', values.last_lesson_returned, reasons);
  const sentOn = dayOf('last_lesson_sent_on', values.last_lesson_sent_on, reasons) ?? (sent > 0 ? startedOn : null);
  const returnedOn = dayOf('last_lesson_returned_on', values.last_lesson_returned_on, reasons);
  const anything = [values.status, values.started_on, values.last_lesson_sent, values.last_lesson_sent_on, values.last_lesson_returned, values.last_lesson_returned_on];
  if (!name) {
    if (anything.some(Boolean)) reasons.push(rowReasons.seriesMissing);
    return null;
  }
  if (!school) return null;
  const series = context.seriesOf(school.id, name);
  if (!series) {
    reasons.push(rowReasons.unknownSeries(name, school.school_code));
    return null;
  }
  const lessons: Lesson[] = [];
  if (series.type === 'Seminar') {
    if (sent > 0) reasons.push(rowReasons.seminarLessons('last_lesson_sent'));
    if (returned > 0) reasons.push(rowReasons.seminarLessons('last_lesson_returned'));
  } else if (sent > 0 || returned > 0) {
    const episodeIds = context.lessonsOf(series.id);
    if (sent > episodeIds.length) reasons.push(rowReasons.tooManyLessons('last_lesson_sent', episodeIds.length));
    if (returned > episodeIds.length) reasons.push(rowReasons.tooManyLessons('last_lesson_returned', episodeIds.length));
    if (sent > 0 && !sentOn && !reasons.some((reason) => reason.startsWith('Last lesson sent on'))) {
      reasons.push(rowReasons.dateRequired('last_lesson_sent_on'));
    }
    if (returned > 0 && !returnedOn && !reasons.some((reason) => reason.startsWith('Last lesson returned on'))) {
      reasons.push(rowReasons.dateRequired('last_lesson_returned_on'));
    }
    if (sent > 0 && returned > 0 && sentOn && returnedOn && Math.min(sent, returned) > 0) {
      // The lesson form's rule: a lesson comes back after it went out.
      try {
        checkLessonDates(sentOn, returnedOn);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        reasons.push(`${humanize('last_lesson_returned_on')}: ${Object.values(error.body as Record<string, string[]>).flat().join(', ')}`);
      }
    }
    for (let position = 1; position <= Math.min(Math.max(sent, returned), episodeIds.length); position++) {
      lessons.push({
        episode_id: episodeIds[position - 1]!,
        date_sent: position <= sent ? sentOn : null,
        date_completed: position <= returned ? returnedOn : null,
      });
    }
  }
  return { seriesId: series.id, seriesType: series.type, seriesName: series.name, status: status ?? null, startedOn, lessons };
}

function checkLine(actor: Actor, context: Context, line: ImportLine): CheckedRow {
  const { values } = line;
  const reasons: string[] = [];
  const mailing = mailingOf(values.include_in_mailing_list, reasons);
  const { school: code, instructor, series } = values;
  // The student's fields are the form's; the others are the school's, the instructor's and the enrollment's.
  const fields = Object.fromEntries(Object.keys(StudentFields.shape).map((key) => [key, values[key as StudentImportField]]));
  const parsed = StudentFields.safeParse({ ...fields, country: values.country || defaultCountry, include_in_mailing_list: mailing });
  if (!parsed.success) reasons.unshift(...reasonsOf(parsed.error.issues));
  const school = code ? (context.schoolByCode.get(code.toLowerCase()) ?? null) : context.fileSchool;
  let schoolOk: SchoolFacts | null = null;
  // A code that names no school reads as one out of scope: nothing tells them apart.
  if (!code && !context.fileSchool) reasons.push(rowReasons.schoolMissing);
  else if (!school || !administers(actor.scope, school.id)) reasons.push(rowReasons.notYourSchool);
  else if (!school.active) reasons.push(rowReasons.schoolInactive);
  else schoolOk = school;
  const instructorId = schoolOk ? instructorOf(context, schoolOk, instructor, reasons) : null;
  const enrollment = enrollmentOf(context, schoolOk, values, reasons);
  const row: StudentImportRow = {
    line: line.line,
    status: reasons.length > 0 ? 'refused' : 'new',
    first_name: values.first_name ?? '',
    last_name: values.last_name ?? '',
    school_code: school && schoolOk ? school.school_code : (code ?? null),
    series_name: enrollment?.seriesName ?? series ?? null,
    reasons,
    match: null,
    repeats_line: null,
    cells: reasons.length > 0 ? [...line.cells] : null,
  };
  if (reasons.length > 0) return { row, student: null, schoolId: null, instructorId: null, enrollment: null };
  return { row, student: parsed.data!, schoolId: schoolOk!.id, instructorId, enrollment };
}

/**
 * Every row's status: refused (with every reason), repeated (an earlier row's person), match (a
 * student the user sees), or new; checked a part at a time, by the preview and by the apply, which
 * writes each part once checked (issue 27: the server holds a part, not 50,000 checked rows).
 * First, over the whole file and before anything is written: each row's person's keys, the
 * students they name and those students' active enrollments. Then the function answered checks
 * each part in file order, the earlier rows' keys carried, without asking the database: the apply
 * checks a part while the database writes the one before.
 */
export async function partChecker(db: DbOrTx, actor: Actor, lines: ImportLine[], fileSchoolId: number | undefined, part: number) {
  const context = await contextOf(db, lines, fileSchoolId);
  const keysByLine = new Map<number, PersonKeys>();
  for (let start = 0; start < lines.length; start += part) {
    const checked = lines.slice(start, start + part).map((line) => checkLine(actor, context, line));
    for (const { entry, keys } of await keysOf(db, checked)) keysByLine.set(entry.row.line, keys);
  }
  const candidates = await candidatesOf(db, actor, [...keysByLine.values()]);
  const enrolled = await enrolledOf(db, candidates);
  const earlier = new Map<string, number>();
  return (rowsOfPart: ImportLine[]): CheckedRow[] => {
    const checked = rowsOfPart.map((line) => checkLine(actor, context, line));
    const rowsWithKeys = checked.flatMap((entry) => (entry.student ? [{ entry, keys: keysByLine.get(entry.row.line)! }] : []));
    markRows(rowsWithKeys, candidates, earlier, enrolled);
    return checked;
  };
}

/**
 * The file's rows a part at a time, in file order, each part's rows let go as it is taken (50,000
 * rows as read are some 35 MB); `done`: the rows taken so far, this part's included.
 */
export async function eachPart(lines: ImportLine[], size: number, work: (part: ImportLine[], done: number) => Promise<void>) {
  const pending: (ImportLine | null)[] = lines;
  for (let start = 0; start < pending.length; start += size) {
    const part = pending.slice(start, start + size) as ImportLine[];
    pending.fill(null, start, start + size);
    await work(part, Math.min(start + size, pending.length));
  }
}

/** What the apply must find again: each row's result and what it would write, hashed as the parts go. */
export function tokenHasher(columns: StudentImportColumn[]) {
  const hash = createHash('sha256');
  hash.update(`${JSON.stringify(columns)}\n`);
  return {
    add(checked: CheckedRow[]) {
      for (const { row, student, schoolId, instructorId, enrollment } of checked) {
        hash.update(`${JSON.stringify([row, student, schoolId, instructorId, enrollment])}\n`);
      }
    },
    digest: () => hash.digest('hex'),
  };
}
