import type {
  StudentImportColumn,
  StudentImportInput,
  StudentImportProgressListener,
  StudentImportResponse,
} from '@srs/shared/student-import';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import { insertManyAudited, itemTypeOf, recordVersions } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { administers } from '../../core/scope.ts';
import type { Db, Tx } from '../../db/client.ts';
import { studentImports, students } from '../../db/schema/index.ts';
import { enrollImported } from '../enrollments/public.ts';
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
const batch = 5000;

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

type Totals = StudentImportResponse['totals'];

function totalsOf(checked: CheckedRow[]): Totals {
  const totals: Totals = { new: 0, match: 0, repeated: 0, refused: 0 };
  for (const { row } of checked) totals[row.status]++;
  return totals;
}

function answer(columns: ReturnType<typeof columnsOf>, checked: CheckedRow[]): StudentImportResponse {
  return {
    columns,
    rows: checked.map((entry) => entry.row),
    totals: totalsOf(checked),
    applied: false,
    preview_token: tokenOf(checked, columns),
    import_id: null,
    created: null,
  };
}

export async function previewStudentImport(
  db: Db,
  actor: Actor,
  input: Input,
  progress: StudentImportProgressListener = () => {},
): Promise<StudentImportResponse> {
  await assertFileSchool(db, actor, input.school_id);
  const { columns, lines } = await readFile(input);
  progress({ step: 'reading', done: lines.length, total: lines.length });
  const checked = await checkRows(db, actor, lines, input.school_id, (done) => progress({ step: 'checking', done, total: lines.length }));
  return answer(columns, checked);
}

/** The choices must name matching rows; adding an enrollment needs one the student has not. */
function choicesOf(checked: CheckedRow[], choices: Input['choices']) {
  const chosen = new Map<number, string>();
  const problems: string[] = [];
  // By line: a file of 50,000 matches chosen all at once is 50,000 look-ups, not a search each.
  const byLine = new Map(checked.map((entry) => [entry.row.line, entry]));
  for (const [line, choice] of Object.entries(choices ?? {})) {
    const entry = byLine.get(Number(line));
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
const lessonsOf = (entry: CheckedRow) =>
  entry.enrollment!.lessons.map((lesson) => ({ episodeId: lesson.episode_id, dateSent: lesson.date_sent, dateCompleted: lesson.date_completed }));

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

/** What the apply writes, taken from the checked rows so that they (and the file's rows) need not stay in memory. */
type Plan = {
  creates: (CheckedRow | null)[];
  added: CheckedRow[];
  chosen: Map<number, string>;
  totals: Totals;
  schoolIds: number[];
  token: string;
};

/** Under the schools' locks: the file's rows checked again, the same as the preview's (its token), and what to write. */
async function planUnderLocks(
  tx: Tx,
  actor: Actor,
  input: Input,
  file: { columns: StudentImportColumn[]; lines: ImportLine[] | null },
  progress: StudentImportProgressListener,
): Promise<Plan> {
  await lockSchools(tx, file.lines!, input.school_id);
  const total = file.lines!.length;
  const checked = await checkRows(tx, actor, file.lines!, input.school_id, (done) => progress({ step: 'checking', done, total }));
  // The rows as read are not needed any more: 50,000 of them are some 40 MB.
  file.lines = null;
  const token = tokenOf(checked, file.columns);
  if (token !== input.preview_token) throw invalid([importReasons.changed]);
  const chosen = choicesOf(checked, input.choices);
  return {
    creates: checked.filter(
      (entry) => entry.row.status === 'new' || (entry.row.status === 'match' && chosen.get(entry.row.line) === 'create'),
    ),
    added: checked.filter((entry) => entry.row.status === 'match' && chosen.get(entry.row.line) === 'add_enrollment'),
    chosen,
    totals: totalsOf(checked),
    schoolIds: [...new Set(checked.flatMap((entry) => (entry.schoolId !== null ? [entry.schoolId] : [])))].sort((a, b) => a - b),
    token,
  };
}

type Made = { students: number[]; enrollments: number[]; lessons: number[] };

/** The new students, `batch` at a time, each with its enrollment, status and lessons; each batch's rows are let go once written. */
async function writeNewStudents(tx: Tx, actor: Actor, creates: (CheckedRow | null)[], made: Made, written: (rows: number) => void) {
  for (let start = 0; start < creates.length; start += batch) {
    const part = creates.slice(start, start + batch) as CheckedRow[];
    creates.fill(null, start, start + batch);
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
    // Their enrollments all at once, each written as it ends (its status, caches and lessons).
    const enrolled = part.flatMap((entry, index) => (entry.enrollment ? [{ entry, studentId: added[index]!.id }] : []));
    const ids = await enrollImported(
      tx,
      actor,
      enrolled.map(({ entry, studentId }) => {
        const { seriesId, startedOn, status } = entry.enrollment!;
        return { studentId, seriesId, startedOn, status, lessons: lessonsOf(entry) };
      }),
    );
    made.enrollments.push(...ids);
    written(part.length);
  }
}

/**
 * Enrollments added to students found (the rows chosen `add_enrollment`), all at once, written as
 * they end: each student locked and refused a second active enrollment in a series, in the one
 * create path's words (imported-enrollments.ts). One create at a time took some 8 ms each.
 */
async function addEnrollments(tx: Tx, actor: Actor, entries: CheckedRow[], made: Made, written: (rows: number) => void) {
  const ids = await enrollImported(
    tx,
    actor,
    entries.map((entry) => {
      const { seriesId, startedOn, status } = entry.enrollment!;
      return { studentId: entry.row.match!.student_id, seriesId, startedOn, status, lessons: lessonsOf(entry) };
    }),
    { found: true },
  );
  made.enrollments.push(...ids);
  written(entries.length);
}

/**
 * The apply's answer carries no rows: the page shows what was made (created, totals), and 50,000
 * rows answered again were the largest part of the server's memory (issue 27, Scale).
 */
export async function applyStudentImport(
  db: Db,
  actor: Actor,
  input: Input,
  progress: StudentImportProgressListener = () => {},
): Promise<StudentImportResponse> {
  if (!input.preview_token) throw invalid({ preview_token: [importReasons.tokenMissing] });
  await assertFileSchool(db, actor, input.school_id);
  const file: { columns: StudentImportColumn[]; lines: ImportLine[] | null } = await readFile(input);
  progress({ step: 'reading', done: file.lines!.length, total: file.lines!.length });
  return db.transaction(async (tx) => {
    // Hundreds of short statements: compiling each one's plan (JIT) took longer than running it.
    await tx.execute(sql`set local jit = off`);
    const plan = await planUnderLocks(tx, actor, input, file, progress);
    const made: Made = { students: [], enrollments: [], lessons: [] };
    const writing = { done: 0, total: plan.creates.length + plan.added.length };
    const written = (rows: number) => {
      writing.done += rows;
      progress({ step: 'writing', ...writing });
    };
    written(0);
    await writeNewStudents(tx, actor, plan.creates, made, written);
    await addEnrollments(tx, actor, plan.added, made, written);
    if (made.enrollments.length > 0) {
      const lessons = await rows<{ id: number }>(
        tx.execute(sql`select d.id::int as id from episode_deliveries d
          where d.enrollment_id in (select jsonb_array_elements_text(${JSON.stringify(made.enrollments)}::jsonb)::bigint) order by d.id`),
      );
      made.lessons = lessons.map((lesson) => lesson.id);
    }
    const rowsCount = plan.totals.new + plan.totals.match + plan.totals.repeated + plan.totals.refused;
    const [record] = await tx
      .insert(studentImports)
      .values({
        userId: actor.userId,
        schoolIds: plan.schoolIds,
        fileName: input.file_name ?? null,
        rowsCount,
        studentsCount: made.students.length,
        enrollmentsCount: made.enrollments.length,
        lessonsCount: made.lessons.length,
        skippedCount: rowsCount - plan.totals.refused - made.students.length - plan.added.length,
        refusedCount: plan.totals.refused,
        made,
      })
      .returning();
    await recordVersions(tx, actor, [{ itemType: itemTypeOf(studentImports), itemId: record!.id, before: null, after: record! }]);
    return {
      columns: file.columns,
      rows: [],
      totals: plan.totals,
      applied: true,
      preview_token: plan.token,
      import_id: record!.id,
      created: { students: made.students.length, enrollments: made.enrollments.length, lessons: made.lessons.length },
    };
  });
}
