import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Notice } from '../mail/public.ts';
import type { SchoolFacts } from './student-access.ts';

type Person = { first_name: string; middle_name?: string | null; last_name: string };

export type NewStudentNotice = {
  studentId: number;
  student: Person;
  school: Pick<SchoolFacts, 'school_code' | 'church_name'>;
  seriesName: string | null;
  addedBy: Person;
  baseUrl: string;
};

const fullName = (person: Person) =>
  [person.first_name, person.middle_name, person.last_name].filter((part) => part && part.trim() !== '').join(' ');

/** The new-student notice to the instructor (DOMAIN.md, Email): who, where, which series, and a link. */
export function newStudentNotice(to: string, instructor: Person, notice: NewStudentNotice): Notice {
  const name = fullName(notice.student);
  const school = `(#${notice.school.school_code}) ${notice.school.church_name}`;
  const link = `${notice.baseUrl}/students/${notice.studentId}/overview`;
  const lines = [
    `Hello ${instructor.first_name},`,
    '',
    `${fullName(notice.addedBy)} added a new student for you: ${name}.`,
    '',
    `Student: ${name}`,
    `School: ${school}`,
    ...(notice.seriesName ? [`Series: ${notice.seriesName}`] : []),
    '',
    `Open the student: ${link}`,
  ];
  return { to, subject: `New student: ${name} (${school})`, text: lines.join('\n'), kind: 'new_student' };
}

/** The instructor's address and name: null when the instructor no longer has an active account. */
export async function instructorContact(tx: DbOrTx, userId: number) {
  const [found] = await rows<{ email: string; first_name: string; last_name: string }>(
    tx.execute(sql`select u.email, u.first_name, u.last_name from users u where u.id = ${userId} and u.active`),
  );
  return found ?? null;
}
