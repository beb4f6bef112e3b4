import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/auth/password.ts';
import type { Db } from '../../src/db/client.ts';
import {
  conferences,
  enrollments,
  episodeDeliveries,
  episodes,
  reminders,
  roles,
  schools,
  series,
  seriesOffered,
  studentShares,
  students,
  users,
} from '../../src/db/schema/index.ts';

const unique = () => randomBytes(4).toString('hex');

export async function createConference(db: Db, name = `Conference ${unique()}`) {
  const [row] = await db.insert(conferences).values({ name }).returning();
  return row!;
}

export async function createSchool(db: Db, overrides: Partial<typeof schools.$inferInsert> = {}) {
  const conferenceId = overrides.conferenceId ?? (await createConference(db)).id;
  const [row] = await db
    .insert(schools)
    .values({
      schoolCode: `T${unique()}`,
      churchName: `Test Church ${unique()}`,
      schoolCity: 'Springfield',
      schoolState: 'IL',
      schoolZipCode: '62701',
      ...overrides,
      conferenceId,
    })
    .returning();
  return row!;
}

type RoleSpec = {
  roleType: 'global_admin' | 'conference_admin' | 'school_admin' | 'instructor';
  schoolId?: number;
  conferenceId?: number;
};

export async function createUser(db: Db, role: RoleSpec | null, overrides: Partial<typeof users.$inferInsert> = {}) {
  const tag = unique();
  const [user] = await db
    .insert(users)
    .values({ email: `user-${tag}@test.example`, firstName: 'Test', lastName: `User ${tag}`, ...overrides })
    .returning();
  if (role) {
    await db.insert(roles).values({
      userId: user!.id,
      roleType: role.roleType,
      schoolId: role.schoolId ?? null,
      conferenceId: role.conferenceId ?? null,
    });
  }
  return user!;
}

/**
 * An instructor of a new school who signs in with `password` at the built-in provider (and, with
 * `overrides`, a second factor or anything else a users row holds).
 */
export async function createInstructorWithPassword(db: Db, password: string, overrides: Partial<typeof users.$inferInsert> = {}) {
  const school = await createSchool(db);
  return createUser(db, { roleType: 'instructor', schoolId: school.id }, { passwordHash: await hashPassword(password), ...overrides });
}

export async function createStudent(db: Db, overrides: Partial<typeof students.$inferInsert> & { schoolId: number }) {
  const [row] = await db
    .insert(students)
    .values({
      firstName: 'Pat',
      lastName: `Student${unique()}`,
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'United States',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCourse(db: Db, lessons = 3, overrides: Partial<typeof series.$inferInsert> = {}) {
  const [course] = await db
    .insert(series)
    .values({ type: 'Course', name: `Course ${unique()}`, ...overrides })
    .returning();
  const lessonRows = await db
    .insert(episodes)
    .values(
      Array.from({ length: lessons }, (_, i) => ({ seriesId: course!.id, position: i + 1, name: `Lesson ${i + 1}` })),
    )
    .returning();
  return { course: course!, lessons: lessonRows };
}

export async function offer(db: Db, seriesId: number, schoolId: number) {
  await db.insert(seriesOffered).values({ seriesId, schoolId }).onConflictDoNothing();
}

export async function enroll(
  db: Db,
  studentId: number,
  seriesId: number,
  overrides: Partial<typeof enrollments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(enrollments)
    .values({ studentId, seriesId, status: 'Enrolled', ...overrides })
    .returning();
  return row!;
}

export async function deliver(
  db: Db,
  enrollmentId: number,
  episodeId: number,
  overrides: Partial<typeof episodeDeliveries.$inferInsert> = {},
) {
  const [row] = await db
    .insert(episodeDeliveries)
    .values({ enrollmentId, episodeId, deliveryType: 'PO', ...overrides })
    .returning();
  return row!;
}

export async function remind(db: Db, enrollmentId: number, date: string) {
  const [row] = await db.insert(reminders).values({ enrollmentId, date }).returning();
  return row!;
}

export async function share(db: Db, studentId: number, userId: number) {
  await db.insert(studentShares).values({ studentId, userId });
}

/** A small isolated network: two schools in two conferences with their staff and students. */
export async function createNetwork(db: Db) {
  const conferenceA = await createConference(db);
  const conferenceB = await createConference(db);
  const schoolA = await createSchool(db, { conferenceId: conferenceA.id, churchName: 'Alpha Church' });
  const schoolB = await createSchool(db, { conferenceId: conferenceB.id, churchName: 'Beta Church' });
  const globalAdmin = await createUser(db, { roleType: 'global_admin' });
  const conferenceAdminA = await createUser(db, { roleType: 'conference_admin', conferenceId: conferenceA.id });
  const schoolAdminA = await createUser(db, { roleType: 'school_admin', schoolId: schoolA.id });
  const instructorA = await createUser(db, { roleType: 'instructor', schoolId: schoolA.id });
  const otherInstructorA = await createUser(db, { roleType: 'instructor', schoolId: schoolA.id });
  const instructorB = await createUser(db, { roleType: 'instructor', schoolId: schoolB.id });
  const studentA = await createStudent(db, {
    schoolId: schoolA.id,
    instructorId: instructorA.id,
    firstName: 'Zebulon',
    lastName: 'Quartermain',
  });
  const studentA2 = await createStudent(db, {
    schoolId: schoolA.id,
    instructorId: otherInstructorA.id,
    firstName: 'Xanthe',
    lastName: 'Quartermain',
  });
  const studentB = await createStudent(db, {
    schoolId: schoolB.id,
    instructorId: instructorB.id,
    firstName: 'Yolanda',
    lastName: 'Quartermain',
  });
  return {
    conferenceA,
    conferenceB,
    schoolA,
    schoolB,
    globalAdmin,
    conferenceAdminA,
    schoolAdminA,
    instructorA,
    otherInstructorA,
    instructorB,
    studentA,
    studentA2,
    studentB,
  };
}
export type Network = Awaited<ReturnType<typeof createNetwork>>;
