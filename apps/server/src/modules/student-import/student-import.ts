import type { StudentImportInput, StudentImportResponse } from '@srs/shared/student-import';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import { insertManyAudited, itemTypeOf, recordVersions } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { administers } from '../../core/scope.ts';
import type { Db, Tx } from '../../db/client.ts';
import { studentImports, students } from '../../db/schema/index.ts';
import { enrollInTransaction, enrollNewStudents, recordImportedProgress } from '../enrollments/public.ts';
import { studentColumns } from '../students/public.ts';
import { type CheckedRow, checkRows, type ImportLine, linesOf, tokenOf } from './check-rows.ts';
import { columnsOf } from './headings.ts';
import { readImportFile } from './read-file.ts';

/**
 * POST /students/import (issue 27; docs/decisions/024). The preview reads the file, gives each
 * column its meaning and each row its status; the apply reads it again and, under a lock per
 * school, checks every row again inside its transaction: when anything differs from the preview it
 * writes nothing and says so, otherwise it writes every accepted row, each with its versions, and
 * records the import with the ids it made.
 */

type Input = z.output<typeof StudentImportInput>;

export const importReasons = {
  changed: 'The file or the students changed since the preview: preview the file again.',
  tokenMissing: 'Preview the file before applying it.',
  notAMatch: (line: number) => `line ${line} does not match an existing student`,
  noEnrollment: (line: number) => `line ${line} has no course or seminar to add`,
  enrolled: (line: number, name: string, series: string) =>
    `Line ${line}: ${name} is already enrolled in ${series}; skip the line or create the student anyway.`,
};

/** Students are written this many at a time, then their enrollments, then those enrollments' lessons. */
const batch = 500;

/** The file's rows under its columns' meanings: read once, checked by the preview, or again under the apply's locks. */
async function readFile(input: Input) {
  const sheet = await readImportFile(input.file);
  const columns = columnsOf(sheet.headings, input.mapping);
  return { columns, lines: linesOf(sheet, columns) };
}

/** The school chosen for the whole file must be one of the user's: otherwise it is absent (404), as one that does not exist. */
async function assertFileSchool(db: Db, actor: Actor, schoolId: number | undefined) {
  if (schoolId === undefined) return;
  const [found] = await rows<{ id: number }>(db.execute(sql`select sc.id from schools sc where sc.id = ${schoolId}`));
  if (!found || !administers(actor.scope, schoolId)) throw notFound('School');
}

function answer(
  columns: ReturnType<typeof columnsOf>,
  checked: CheckedRow[],
  applied: { importId: number; created: NonNullable<StudentImportResponse['created']> } | null,
): StudentImportResponse {
  const found = checked.map((entry) => entry.row);
  const count = (status: string) => found.filter((row) => row.status === status).length;
  return {
    columns,
    rows: found,
    totals: { new: count('new'), match: count('match'), repeated: count('repeated'), refused: count('refused') },
    applied: applied !== null,
    preview_token: tokenOf(checked, columns),
    import_id: applied?.importId ?? null,
    created: applied?.created ?? null,
  };
}

export async function previewStudentImport(db: Db, actor: Actor, input: Input): Promise<StudentImportResponse> {
  await assertFileSchool(db, actor, input.school_id);
  const { columns, lines } = await readFile(input);
  return answer(columns, await checkRows(db, actor, lines, input.school_id), null);
}

/** The choices must name matching rows; adding an enrollment needs one the student has not. */
function choicesOf(checked: CheckedRow[], choices: Input['choices']) {
  const chosen = new Map<number, string>();
  const problems: string[] = [];
  for (const [line, choice] of Object.entries(choices ?? {})) {
    const entry = checked.find((one) => one.row.line === Number(line));
    if (entry?.row.status !== 'match') problems.push(importReasons.notAMatch(Number(line)));
    else if (choice === 'add_enrollment' && !entry.enrollment) problems.push(importReasons.noEnrollment(Number(line)));
    else if (choice === 'add_enrollment' && entry.row.match?.enrolled) {
      const match = entry.row.match;
      throw invalid([importReasons.enrolled(Number(line), `${match.first_name} ${match.last_name}`, entry.enrollment!.seriesName)]);
    } else chosen.set(Number(line), choice);
  }
  if (problems.length > 0) throw invalid({ choices: problems });
  return chosen;
}

/** An enrollment's status and lessons as the record pipeline takes them. */
const progressOf = (enrollmentId: number, entry: CheckedRow) => ({
  enrollmentId,
  status: entry.enrollment!.status,
  lessons: entry.enrollment!.lessons.map((lesson) => ({
    episodeId: lesson.episode_id,
    dateSent: lesson.date_sent,
    dateCompleted: lesson.date_completed,
  })),
});

/**
 * Two imports into one school run one after the other: each school's lock, in id order. The
 * schools are those the rows name (by code, any case) and the file's; the check under the locks
 * finds them again, and a code that came to name another school since changes the token.
 */
async function lockSchools(tx: Tx, lines: ImportLine[], fileSchoolId: number | undefined) {
  const codes = [...new Set(lines.flatMap((line) => (line.values.school ? [line.values.school.toLowerCase()] : [])))];
  const named = await rows<{ id: number }>(
    tx.execute(sql`select sc.id::int as id from schools sc
      where lower(sc.school_code) in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`),
  );
  const ids = [...new Set([...named.map((school) => school.id), ...(fileSchoolId !== undefined ? [fileSchoolId] : [])])];
  for (const id of ids.sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('student import'), ${id}::int)`);
  }
}

export async function applyStudentImport(db: Db, actor: Actor, input: Input): Promise<StudentImportResponse> {
  if (!input.preview_token) throw invalid({ preview_token: [importReasons.tokenMissing] });
  await assertFileSchool(db, actor, input.school_id);
  const { columns, lines } = await readFile(input);
  return db.transaction(async (tx) => {
    await lockSchools(tx, lines, input.school_id);
    const checked = await checkRows(tx, actor, lines, input.school_id);
    if (tokenOf(checked, columns) !== input.preview_token) throw invalid([importReasons.changed]);
    const chosen = choicesOf(checked, input.choices);
    const creates = checked.filter(
      (entry) => entry.row.status === 'new' || (entry.row.status === 'match' && chosen.get(entry.row.line) === 'create'),
    );
    const made = { students: [] as number[], enrollments: [] as number[], lessons: [] as number[] };
    for (let start = 0; start < creates.length; start += batch) {
      const part = creates.slice(start, start + batch);
      const added = await insertManyAudited(
        tx,
        actor,
        students,
        part.map((entry) => ({
          ...studentColumns(entry.student!),
          schoolId: entry.schoolId!,
          instructorId: entry.instructorId,
          createdById: actor.userId,
        })),
      );
      made.students.push(...added.map((row) => row.id));
      // Their enrollments all at once, then their status and lessons through the record pipeline.
      const enrolled = part.flatMap((entry, index) => (entry.enrollment ? [{ entry, studentId: added[index]!.id }] : []));
      const ids = await enrollNewStudents(
        tx,
        actor,
        enrolled.map(({ entry, studentId }) => ({ studentId, seriesId: entry.enrollment!.seriesId, startedOn: entry.enrollment!.startedOn })),
      );
      made.enrollments.push(...ids);
      await recordImportedProgress(tx, actor, ids.map((id, index) => progressOf(id, enrolled[index]!.entry)));
    }
    // An enrollment added to a student found: the one create path, which refuses a second active one in a series.
    const added: ReturnType<typeof progressOf>[] = [];
    for (const entry of checked) {
      if (entry.row.status === 'match' && chosen.get(entry.row.line) === 'add_enrollment') {
        const enrollment = entry.enrollment!;
        const { id } = await enrollInTransaction(
          tx,
          actor,
          { student_id: entry.row.match!.student_id, series_id: enrollment.seriesId, notify_instructor_by_email: false },
          '',
          enrollment.startedOn ?? undefined,
        );
        made.enrollments.push(id);
        added.push(progressOf(id, entry));
      }
    }
    await recordImportedProgress(tx, actor, added);
    if (made.enrollments.length > 0) {
      const lessons = await rows<{ id: number }>(
        tx.execute(sql`select d.id::int as id from episode_deliveries d
          where d.enrollment_id in (select jsonb_array_elements_text(${JSON.stringify(made.enrollments)}::jsonb)::bigint) order by d.id`),
      );
      made.lessons = lessons.map((lesson) => lesson.id);
    }
    const refused = checked.filter((entry) => entry.row.status === 'refused').length;
    const [record] = await tx
      .insert(studentImports)
      .values({
        userId: actor.userId,
        schoolIds: [...new Set(checked.flatMap((entry) => (entry.schoolId !== null ? [entry.schoolId] : [])))].sort((a, b) => a - b),
        fileName: input.file_name ?? null,
        rowsCount: checked.length,
        studentsCount: made.students.length,
        enrollmentsCount: made.enrollments.length,
        lessonsCount: made.lessons.length,
        skippedCount: checked.length - refused - made.students.length - [...chosen.values()].filter((c) => c === 'add_enrollment').length,
        refusedCount: refused,
        made,
      })
      .returning();
    await recordVersions(tx, actor, [{ itemType: itemTypeOf(studentImports), itemId: record!.id, before: null, after: record! }]);
    return answer(columns, checked, {
      importId: record!.id,
      created: { students: made.students.length, enrollments: made.enrollments.length, lessons: made.lessons.length },
    });
  });
}
