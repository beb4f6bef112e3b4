import type { StudentImportProgress, StudentImportResponse } from '@srs/shared/student-import';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { insertManyAudited, itemTypeOf, recordVersions } from '../../core/audit.ts';
import { HttpError, invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import type { Db, Tx } from '../../db/client.ts';
import { studentImports, students } from '../../db/schema/index.ts';
import { countDeferred, deferCounts, enrollImported } from '../enrollments/public.ts';
import { studentColumns } from '../students/public.ts';
import { type CheckedRow, eachPart, type ImportLine, partChecker, tokenHasher } from './check-rows.ts';
import { type Choice, importChoices } from './import-choices.ts';
import { assertFileSchool, importReasons, type Input, readFile, type Totals, totalsOf } from './student-import.ts';

/**
 * The apply of a student import (issue 27; docs/decisions/024): under a lock per school, in one
 * transaction, the file's rows checked again and written a part at a time, each part's checked
 * rows let go once written, so that the server holds the file and one part, not 50,000 checked
 * rows (issue 27, Scale: its memory). The file's rows as checked must be the preview's (its token,
 * hashed as the parts go) and the choices right; when not, once the whole file is seen, the
 * transaction ends in a refusal that says why and leaves nothing written.
 */

/** Rows checked and written at a time: students, then their enrollments, then those enrollments' lessons. */
const rowsPerPart = 5000;

/** A row's lessons as `enrollImported` takes them. */
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

type Made = { students: number[]; enrollments: number[]; lessons: number[] };

/** A part's new students, each with its enrollment written as it ends (its status, caches and lessons). */
async function writeNewStudents(tx: Tx, actor: Actor, creates: CheckedRow[], made: Made) {
  const added = await insertManyAudited(
    tx,
    actor,
    students,
    creates.map((entry) => ({
      ...studentColumns(entry.student!),
      schoolId: entry.schoolId!,
      instructorId: entry.instructorId,
      createdById: actor.userId,
    })),
  );
  made.students.push(...added.map((row) => row.id));
  const enrolled = creates.flatMap((entry, index) => (entry.enrollment ? [{ entry, studentId: added[index]!.id }] : []));
  const ids = await enrollImported(
    tx,
    actor,
    enrolled.map(({ entry, studentId }) => {
      const { seriesId, startedOn, status } = entry.enrollment!;
      return { studentId, seriesId, startedOn, status, lessons: lessonsOf(entry) };
    }),
  );
  made.enrollments.push(...ids);
}

/**
 * Enrollments added to students found (the rows chosen `add_enrollment`), all at once, written as
 * they end: each student locked and refused a second active enrollment in a series, in the one
 * create path's words (imported-enrollments.ts). One create at a time took some 8 ms each.
 */
async function addEnrollments(tx: Tx, actor: Actor, entries: CheckedRow[], made: Made) {
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
}

/** The import's own record and version: what it made, for the page and the undo (decision 025). */
async function recordImport(tx: Tx, actor: Actor, input: Input, made: Made, totals: Totals, schoolIds: Set<number>, added: number) {
  // Counted at last: the network's lesson-count lock is held only from here to the commit.
  if (made.enrollments.length > 0) made.lessons = await countDeferred(tx, made.enrollments);
  const rowsCount = totals.new + totals.match + totals.repeated + totals.refused;
  const [record] = await tx
    .insert(studentImports)
    .values({
      userId: actor.userId,
      schoolIds: [...schoolIds].sort((a, b) => a - b),
      fileName: input.file_name ?? null,
      rowsCount,
      studentsCount: made.students.length,
      enrollmentsCount: made.enrollments.length,
      lessonsCount: made.lessons.length,
      skippedCount: rowsCount - totals.refused - made.students.length - added,
      refusedCount: totals.refused,
      made,
    })
    .returning();
  await recordVersions(tx, actor, [{ itemType: itemTypeOf(studentImports), itemId: record!.id, before: null, after: record! }]);
  return record!;
}

/**
 * The apply's answer carries no rows: the page shows what was made (created, totals), and 50,000
 * rows answered again were the largest part of the server's memory (issue 27, Scale).
 */
export async function applyStudentImport(
  db: Db,
  actor: Actor,
  input: Input,
  // Awaited: a test saves a lesson elsewhere while the apply is under way.
  progress: (step: StudentImportProgress) => void | Promise<void> = () => {},
  part = rowsPerPart,
): Promise<StudentImportResponse> {
  if (!input.preview_token) throw invalid({ preview_token: [importReasons.tokenMissing] });
  await assertFileSchool(db, actor, input.school_id);
  const { columns, lines } = await readFile(input);
  const total = lines.length;
  progress({ step: 'reading', done: total, total });
  return db.transaction(async (tx) => {
    // Hundreds of short statements: compiling each one's plan (JIT) took longer than running it.
    await tx.execute(sql`set local jit = off`);
    await deferCounts(tx);
    await lockSchools(tx, lines, input.school_id);
    const check = await partChecker(tx, actor, lines, input.school_id, part);
    const token = tokenHasher(columns);
    const choices = importChoices(input.choices);
    const totals: Totals = { new: 0, match: 0, repeated: 0, refused: 0 };
    const schoolIds = new Set<number>();
    const made: Made = { students: [], enrollments: [], lessons: [] };
    let added = 0;
    // A refusal by the one create path (a 422): said once the whole file is seen, unless the file changed.
    let refused: HttpError | null = null;
    /** A part's accepted rows written as checked: a refusal found later takes them back with the rest (one transaction). */
    const write = async (checked: CheckedRow[], chosen: ReadonlyMap<number, Choice>, done: number) => {
      if (choices.right && refused === null) {
        const creates = checked.filter((entry) => entry.row.status === 'new' || (entry.row.status === 'match' && chosen.get(entry.row.line) === 'create'));
        await writeNewStudents(tx, actor, creates, made);
        const adds = checked.filter((entry) => entry.row.status === 'match' && chosen.get(entry.row.line) === 'add_enrollment');
        try {
          await addEnrollments(tx, actor, adds, made);
          added += adds.length;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          refused = error;
        }
      }
      await progress({ step: 'writing', done, total });
    };
    await progress({ step: 'writing', done: 0, total });
    // Each part is checked while the database writes the one before (the check asks it nothing):
    // the server's work and the database's overlap on two cores.
    let writing: Promise<void> = Promise.resolve();
    await eachPart(lines, part, async (rowsOfPart, done) => {
      const checked = check(rowsOfPart);
      token.add(checked);
      totalsOf(checked, totals);
      for (const entry of checked) if (entry.schoolId !== null) schoolIds.add(entry.schoolId);
      const chosen = choices.take(checked);
      await writing;
      writing = write(checked, chosen, done);
      // Awaited with the next part: until then a failure of the next check must not leave it unhandled.
      writing.catch(() => {});
    });
    await writing;
    if (token.digest() !== input.preview_token) throw invalid([importReasons.changed]);
    const refusal = choices.refusal() ?? refused;
    if (refusal) throw refusal;
    const record = await recordImport(tx, actor, input, made, totals, schoolIds, added);
    return {
      columns,
      rows: [],
      totals,
      applied: true,
      preview_token: input.preview_token,
      import_id: record.id,
      created: { students: made.students.length, enrollments: made.enrollments.length, lessons: made.lessons.length },
    };
  });
}
