import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import type { DbOrTx } from '../../db/client.ts';
import { mailText as t, type Notice, recipientLanguage } from '../mail/public.ts';
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

/**
 * The new-student notice to the instructor (DOMAIN.md, Email): who, where, which series, and a
 * link, in the language the instructor chose (else English).
 */
export function newStudentNotice(to: string, instructor: Person & { language: string | null }, notice: NewStudentNotice): Notice {
  const language = recipientLanguage(instructor.language);
  const student = fullName(notice.student);
  const school = `(#${notice.school.school_code}) ${notice.school.church_name}`;
  const link = `${notice.baseUrl}/students/${notice.studentId}/overview`;
  const lines = [
    t(language, 'hello', { name: instructor.first_name }),
    '',
    t(language, 'newStudent.added', { addedBy: fullName(notice.addedBy), student }),
    '',
    t(language, 'newStudent.student', { student }),
    t(language, 'newStudent.school', { school }),
    ...(notice.seriesName ? [t(language, 'newStudent.series', { series: notice.seriesName })] : []),
    '',
    t(language, 'openStudent', { link }),
  ];
  return { to, subject: t(language, 'newStudent.subject', { student, school }), text: lines.join('\n'), kind: 'new_student' };
}

/**
 * The instructor's address, name and language (for the notice's words): null when the instructor
 * no longer has an active account.
 */
export async function instructorContact(tx: DbOrTx, userId: number) {
  const [found] = await rows<{ email: string; first_name: string; last_name: string; language: string | null }>(
    tx.execute(sql`select u.email, u.first_name, u.last_name, u.language from users u where u.id = ${userId} and u.active`),
  );
  return found ?? null;
}
