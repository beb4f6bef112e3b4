import { seriesOffered } from '../../src/db/schema/index.ts';
import type { TestContext } from './app.ts';
import { createSeminar } from './enrollment-factories.ts';
import { createCourse, createNetwork, createSchool, createStudent, createUser } from './factories.ts';

/**
 * A seminar held by school A with three presentations, joined by school B; a course; and the
 * staff of each place: school A's admin (the host), school B's admin (a participant), an admin of
 * a school outside the seminar, and school A's instructor.
 */
export async function createSeminarNetwork(t: TestContext) {
  const db = t.database.db;
  const net = await createNetwork(db);
  const { seminar, presentations } = await createSeminar(db, net.schoolA.id, 3, { location: 'Fellowship hall' });
  await db.insert(seriesOffered).values({ seriesId: seminar.id, schoolId: net.schoolB.id });
  const { course } = await createCourse(db, 2);
  const schoolAdminB = await createUser(db, { roleType: 'school_admin', schoolId: net.schoolB.id });
  const schoolC = await createSchool(db, { conferenceId: net.conferenceB.id, churchName: 'Gamma Church' });
  const schoolAdminC = await createUser(db, { roleType: 'school_admin', schoolId: schoolC.id });
  const studentC = await createStudent(db, { schoolId: schoolC.id, firstName: 'Cedric', lastName: 'Outside' });
  return { ...net, seminar, presentations, course, schoolAdminB, schoolC, schoolAdminC, studentC };
}
export type SeminarNetwork = Awaited<ReturnType<typeof createSeminarNetwork>>;

/** Page objects of a PDF (`/Type /Page`, not the `/Type /Pages` tree). */
export const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page(?!s)/g)?.length ?? 0;
