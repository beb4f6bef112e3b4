// Students as the app answers them (students.queries.ts, enrollment-summaries.ts), in plain SQL.
import type { FastifyInstance } from 'fastify';
import { followupReason, Params, type Pool, person, query } from './sql.ts';

type StudentRow = {
  id: number;
  instructor_id: number | null;
  instructor_first_name: string | null;
  instructor_last_name: string | null;
  school_id: number;
  school_code: string;
  church_name: string;
  [column: string]: unknown;
};

type SummaryRow = {
  id: number;
  student_id: number;
  series_id: number;
  series_name: string;
  series_type: 'Course' | 'Seminar';
  registration_number: number;
  lesson_number: number;
  orphaned: boolean;
  status: string;
  last_sent_delivery_date: string | null;
  cached_latest_followup_date: string | null;
  followup_reason: unknown;
};

export const studentColumns = `s.id, s.first_name, s.middle_name, s.last_name, s.address, s.address_2, s.city, s.state,
  s.country, s.zip_code, s.email, s.phone, s.social_media, s.include_in_mailing_list,
  to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(s.erased_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as erased_at,
  i.id as instructor_id, i.first_name as instructor_first_name, i.last_name as instructor_last_name,
  sc.id as school_id, sc.school_code, sc.church_name`;

export const fromStudents = `from students s join schools sc on sc.id = s.school_id left join users i on i.id = s.instructor_id`;

export const summaryOf = (row: Omit<SummaryRow, 'student_id'>) => ({
  id: row.id,
  series_id: row.series_id,
  series_name: row.series_name,
  series_type: row.series_type,
  series: { type: row.series_type, name: row.series_name },
  registration_number: String(row.registration_number),
  lesson_number: row.lesson_number,
  orphaned: row.orphaned,
  status: row.status,
  last_sent_delivery: row.last_sent_delivery_date ? { date_sent: row.last_sent_delivery_date } : null,
  cached_latest_followup_date: row.cached_latest_followup_date,
  followup_reason: row.followup_reason,
});

type Summary = ReturnType<typeof summaryOf>;

/** The students of a page with their enrollments: one query for the enrollments of all of them. */
export async function withEnrollments(pool: Pool, found: StudentRow[]) {
  const byStudent = new Map<number, { course_enrollments: Summary[]; seminar_enrollments: Summary[] }>();
  for (const row of found) byStudent.set(row.id, { course_enrollments: [], seminar_enrollments: [] });
  if (found.length > 0) {
    const p = new Params();
    const summaries = await query<SummaryRow>(
      pool,
      `
      select e.id, e.student_id, e.series_id, se.name as series_name, se.type as series_type,
        e.registration_number, e.lesson_number, e.orphaned, e.status,
        e.last_sent_delivery_date::text as last_sent_delivery_date,
        e.cached_latest_followup_date::text as cached_latest_followup_date,
        ${followupReason(p)} as followup_reason
      from enrollments e join series se on se.id = e.series_id
      where e.student_id in ${p.list(found.map((row) => row.id))}
      order by e.started_on desc, e.id desc`,
      p,
    );
    for (const row of summaries) {
      const entry = byStudent.get(row.student_id);
      if (entry)
        (row.series_type === 'Course' ? entry.course_enrollments : entry.seminar_enrollments).push(summaryOf(row));
    }
  }
  return found.map(
    ({
      instructor_id,
      instructor_first_name,
      instructor_last_name,
      school_id,
      school_code,
      church_name,
      ...student
    }) => ({
      ...student,
      instructor: person(instructor_id, instructor_first_name, instructor_last_name),
      school: { id: school_id, school_code, church_name },
      course_enrollments: byStudent.get(student.id)?.course_enrollments ?? [],
      seminar_enrollments: byStudent.get(student.id)?.seminar_enrollments ?? [],
    }),
  );
}

export type StudentsRow = StudentRow;

export function studentRecordRoutes(app: FastifyInstance, pool: Pool) {
  app.get<{ Params: { id: string } }>('/api/students/:id', async (request, reply) => {
    const p = new Params();
    const found = await query<StudentRow>(
      pool,
      `select ${studentColumns} ${fromStudents} where s.id = ${p.add(Number(request.params.id))}`,
      p,
    );
    const [student] = await withEnrollments(pool, found);
    return student ?? reply.code(404).send({ error: 'Student not found' });
  });
}
