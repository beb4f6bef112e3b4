import { randomBytes } from 'node:crypto';
import type { TestContext } from './app.ts';
import { createDecisionOption, createProductOffer, createSeminar } from './enrollment-factories.ts';
import {
  createConference,
  createCourse,
  createSchool,
  createStudent,
  createUser,
  enroll,
  offer,
  share,
} from './factories.ts';
import { setHeadSchoolAdmin } from './student-factories.ts';

/**
 * The network the authorization matrix runs against. Every record sits at one scope level, seen
 * from the acting users: instructorA, the head school admin of school A, the conference admin of
 * conference X, a global admin and a user with the admin flag.
 *
 *   conference X ── school A (instructorA, schoolAdminA, colleague instructor)
 *                ├─ school P 'Pelvaxo'  (same conference, another school)
 *                └─ school S 'Kiltrune'  (one of its students is shared with instructorA)
 *   conference Z 'Zorquil' ── school Z
 *
 * A level's records carry its marker in their names, so a response body that holds a record the
 * user may not see is found by searching it for the marker. The markers are made-up words: real
 * places (Zanzibar, Pemba) are in the reference list of states that every user reads.
 */
export const levels = ['mine', 'shared', 'colleague', 'sibling', 'foreign'] as const;
export type Level = (typeof levels)[number];

export const actingRoles = ['instructor', 'school_admin', 'conference_admin', 'global_admin', 'admin_flag'] as const;
export type ActingRole = (typeof actingRoles)[number];
export const matrixRoles = ['signed_out', 'no_role', ...actingRoles] as const;
export type MatrixRole = (typeof matrixRoles)[number];

const everyone: readonly ActingRole[] = actingRoles;
const seeAll: readonly ActingRole[] = ['global_admin', 'admin_flag'];

/** Who sees a level (DOMAIN.md "What each user sees"; decisions.md "Scope of lists"). */
export const levelInfo: Record<Level, { marker: string | null; seenBy: readonly ActingRole[]; what: string }> = {
  mine: { marker: null, seenBy: everyone, what: "instructorA's student in school A" },
  shared: {
    marker: 'Kiltrune',
    seenBy: ['instructor', 'conference_admin', ...seeAll],
    what: 'a student of school S (conference X) shared with instructorA',
  },
  colleague: {
    marker: 'Mafrewn',
    seenBy: ['school_admin', 'conference_admin', ...seeAll],
    what: 'a student of school A whose instructor is another, not shared',
  },
  sibling: { marker: 'Pelvaxo', seenBy: ['conference_admin', ...seeAll], what: 'school P, same conference' },
  foreign: { marker: 'Zorquil', seenBy: seeAll, what: 'school Z of conference Z' },
};

export const allMarkers = levels.map((level) => levelInfo[level].marker).filter((marker) => marker !== null);

/** The markers a role must never find in a response: those of the levels it does not see. */
export function hiddenMarkers(role: ActingRole): string[] {
  return levels
    .filter((level) => !levelInfo[level].seenBy.includes(role))
    .map((level) => levelInfo[level].marker)
    .filter((marker): marker is string => marker !== null);
}

/**
 * The kinds of record a route can name. Each has the levels where such a record exists and, where
 * visibility is not the level's own rule, who sees it.
 */
export type RecordKind =
  | 'student'
  | 'course_enrollment'
  | 'seminar_enrollment'
  | 'course'
  | 'seminar'
  | 'school'
  | 'user'
  | 'share_target'
  | 'interest'
  | 'series_offered'
  | 'version'
  | 'upload'
  | 'api_key';

export const kindLevels: Record<RecordKind, readonly Level[]> = {
  student: levels,
  course_enrollment: levels,
  seminar_enrollment: levels,
  course: ['mine', 'sibling', 'foreign'],
  seminar: ['mine', 'sibling', 'foreign'],
  school: ['mine', 'sibling', 'foreign'],
  user: ['mine', 'sibling', 'foreign'],
  share_target: ['mine', 'sibling', 'foreign'],
  interest: ['mine', 'sibling', 'foreign'],
  series_offered: ['mine', 'sibling', 'foreign'],
  version: ['mine', 'sibling', 'foreign'],
  upload: ['mine', 'sibling', 'foreign'],
  api_key: ['mine', 'sibling', 'foreign'],
};

/**
 * Users are seen by those who administer a school or conference where they hold a role
 * (decisions.md), so an instructor sees no colleague; the staff a student can be shared with are
 * everyone holding a role in one of my schools, colleagues included.
 */
export function sees(role: ActingRole, kind: RecordKind, level: Level): boolean {
  if (kind === 'user' && level === 'mine' && role === 'instructor') return false;
  // A picture is its owner's alone (GET /api/uploads/{id}): the fixture's are the levels' users'.
  if (kind === 'upload') return false;
  // An interest is its school admins' (and its student's instructor's): the fixture's have no student.
  if (kind === 'interest' && role === 'instructor') return false;
  return levelInfo[level].seenBy.includes(role);
}

const tag = () => randomBytes(3).toString('hex');
// Names start with 'Aab' so that, sorted by name, the fixture comes first on a list's first page.
export const named = (level: Level, base: string) => {
  const marker = levelInfo[level].marker;
  return marker ? `Aab ${base} ${marker}` : `Aab ${base}`;
};

type Place = { schoolId: number; instructorId: number; sharedWith?: number };
type SeriesRef = { id: number; firstEpisodeId: number };

export type MatrixFixture = Awaited<ReturnType<typeof createMatrixFixture>>;

export async function createMatrixFixture(t: TestContext) {
  const db = t.database.db;
  const conferenceX = await createConference(db, named('mine', `Conference ${tag()}`));
  const conferenceZ = await createConference(db, named('foreign', `Conference ${tag()}`));
  const school = async (level: Level, conferenceId: number, code: string) =>
    createSchool(db, { conferenceId, churchName: named(level, `Church ${tag()}`), schoolCode: `${code}${tag()}` });
  const schoolA = await school('mine', conferenceX.id, 'AAB');
  const schoolP = await school('sibling', conferenceX.id, 'PELVAXO');
  const schoolS = await school('shared', conferenceX.id, 'KILTRUNE');
  const schoolZ = await school('foreign', conferenceZ.id, 'ZORQUIL');

  const person = (level: Level, role: string) => ({
    firstName: 'Aab',
    lastName: named(level, `${role} ${tag()}`),
    email: `${role.replace(/ /g, '-')}-${levelInfo[level].marker ?? 'mine'}-${tag()}@test.example`.toLowerCase(),
  });
  const staff = async (level: Level, schoolId: number, roleType: 'school_admin' | 'instructor', label: string) =>
    createUser(db, { roleType, schoolId }, person(level, label));

  const actors = {
    instructor: await staff('mine', schoolA.id, 'instructor', 'Instructor'),
    school_admin: await staff('mine', schoolA.id, 'school_admin', 'School Admin'),
    conference_admin: await createUser(
      db,
      { roleType: 'conference_admin', conferenceId: conferenceX.id },
      person('mine', 'Conference Admin'),
    ),
    global_admin: await createUser(db, { roleType: 'global_admin' }, person('mine', 'Global Admin')),
    admin_flag: await createUser(db, null, { ...person('mine', 'Admin Flag'), admin: true }),
  } satisfies Record<ActingRole, { email: string }>;
  const noRole = await createUser(db, null, person('mine', 'No Role'));
  const colleague = await staff('mine', schoolA.id, 'instructor', 'Colleague');
  const headS = await staff('shared', schoolS.id, 'school_admin', 'Head');
  const headP = await staff('sibling', schoolP.id, 'school_admin', 'Head');
  const headZ = await staff('foreign', schoolZ.id, 'school_admin', 'Head');
  const instructorP = await staff('sibling', schoolP.id, 'instructor', 'Instructor');
  const instructorZ = await staff('foreign', schoolZ.id, 'instructor', 'Instructor');
  await setHeadSchoolAdmin(db, schoolA.id, actors.school_admin.id);
  await setHeadSchoolAdmin(db, schoolS.id, headS.id);
  await setHeadSchoolAdmin(db, schoolP.id, headP.id);
  await setHeadSchoolAdmin(db, schoolZ.id, headZ.id);

  const places: Record<Level, Place> = {
    mine: { schoolId: schoolA.id, instructorId: actors.instructor.id },
    shared: { schoolId: schoolS.id, instructorId: headS.id, sharedWith: actors.instructor.id },
    colleague: { schoolId: schoolA.id, instructorId: colleague.id },
    sibling: { schoolId: schoolP.id, instructorId: instructorP.id },
    foreign: { schoolId: schoolZ.id, instructorId: instructorZ.id },
  };
  const schoolOf: Partial<Record<Level, { id: number }>> = { mine: schoolA, sibling: schoolP, foreign: schoolZ };
  const usersAt: Partial<Record<Level, { id: number }>> = {
    mine: colleague,
    sibling: instructorP,
    foreign: instructorZ,
  };

  const newCourse = async (level: Level, offeredBy: number[]): Promise<SeriesRef> => {
    const { course, lessons } = await createCourse(db, 3, { name: named(level, `Course ${tag()}`) });
    for (const schoolId of offeredBy) await offer(db, course.id, schoolId);
    await dress(t, course.id, level);
    return { id: course.id, firstEpisodeId: lessons[0]!.id };
  };
  const newSeminar = async (level: Level, schoolId: number): Promise<SeriesRef> => {
    const { seminar, presentations } = await createSeminar(db, schoolId, 3, {
      name: named(level, `Seminar ${tag()}`),
    });
    await dress(t, seminar.id, level);
    return { id: seminar.id, firstEpisodeId: presentations[0]!.id };
  };
  // Series offered by one school only, except the neutral course that school S offers too, so
  // that the shared student can be enrolled in a course instructorA sees.
  const courses: Record<'mine' | 'sibling' | 'foreign', SeriesRef> = {
    mine: await newCourse('mine', [schoolA.id, schoolS.id]),
    sibling: await newCourse('sibling', [schoolP.id]),
    foreign: await newCourse('foreign', [schoolZ.id]),
  };
  const seminarA = await newSeminar('mine', schoolA.id);
  const seminars: Record<Level, SeriesRef> = {
    mine: seminarA,
    shared: await newSeminar('shared', schoolS.id),
    colleague: seminarA,
    sibling: await newSeminar('sibling', schoolP.id),
    foreign: await newSeminar('foreign', schoolZ.id),
  };
  const courseAt = (level: Level) =>
    level === 'sibling' || level === 'foreign' ? courses[level] : courses.mine;

  /** A new student at a level, with a note, as the level's instructor would have it. */
  const newStudent = async (level: Level) => {
    const place = places[level];
    const student = await createStudent(db, {
      schoolId: place.schoolId,
      instructorId: place.instructorId,
      firstName: 'Aab',
      lastName: named(level, `Student ${tag()}`),
    });
    if (place.sharedWith) await share(db, student.id, place.sharedWith);
    await t.database.query(`insert into notes (student_id, type, text) values ($1, 'Note', $2)`, [
      student.id,
      named(level, 'A note'),
    ]);
    return { id: student.id };
  };
  const newEnrollment = async (level: Level, type: 'Course' | 'Seminar') => {
    const student = await newStudent(level);
    const seriesRef = type === 'Course' ? courseAt(level) : seminars[level];
    // Started long ago and never followed up: it needs follow-up, so the follow-up list shows it.
    const enrollment = await enroll(db, student.id, seriesRef.id, {
      status: type === 'Course' ? 'Enrolled' : 'Applied',
      startedOn: '2020-01-06',
    });
    return { id: enrollment.id, studentId: student.id, episodeId: seriesRef.firstEpisodeId };
  };
  const newUser = async (level: Level) => {
    const school = schoolOf[level] ?? schoolA;
    return createUser(db, { roleType: 'instructor', schoolId: school.id }, person(level, 'Instructor'));
  };
  const newInterest = async (level: Level) => {
    const rows = await t.database.query<{ id: number }>(
      `insert into interests (first_name, last_name, school_id, received_on)
       values ('Aab', $1, $2, current_date) returning id`,
      [named(level, `Interest ${tag()}`), (schoolOf[level] ?? schoolA).id],
    );
    return { id: rows[0]!.id };
  };

  /** A school of the level offering a course of its own (DELETE /series_offered/{id}). */
  const newSeriesOffered = async (level: Level) => {
    const course = await newCourse(level, []);
    const rows = await t.database.query<{ id: number }>(
      'insert into series_offered (series_id, school_id) values ($1, $2) returning id',
      [course.id, (schoolOf[level] ?? schoolA).id],
    );
    return { id: rows[0]!.id };
  };

  /**
   * A change to a student of the level's school by the level's instructor (instructorA's own at
   * 'mine'): seen by its author and the admins of that school or conference (issue 11). The
   * student is gone since, so a restore or a revert of it is refused in words, never a 404.
   */
  const authors: Partial<Record<Level, { id: number }>> = { mine: actors.instructor, sibling: instructorP, foreign: instructorZ };
  const newVersion = async (level: Level) => {
    const school = schoolOf[level] ?? schoolA;
    const object = { id: 900_000_000 + Math.floor(Math.random() * 1e8), schoolId: school.id, firstName: 'Aab', lastName: named(level, `Versioned ${tag()}`), city: 'Old' };
    const rows = await t.database.query<{ id: number }>(
      `insert into versions (item_type, item_id, event, whodunnit, object, object_changes)
       values ('Student', $1, 'update', $2, $3, $4) returning id`,
      [object.id, authors[level]!.id, JSON.stringify(object), JSON.stringify({ city: ['Old', 'New'] })],
    );
    return { id: rows[0]!.id };
  };

  /** A profile picture of the level's user (GET /api/uploads/{id}). */
  const newUpload = async (level: Level) => {
    const rows = await t.database.query<{ id: number }>(
      `insert into uploads (user_id, kind, content_type, byte_size, data)
       values ($1, 'profile_picture', 'image/webp', 4, '\\x52494646') returning id`,
      [usersAt[level]!.id],
    );
    return { id: rows[0]!.id };
  };

  /** An API key made by the level's user (DELETE /api/api_keys/{id}: global admins see every key). */
  const newApiKey = async (level: Level) => {
    const rows = await t.database.query<{ id: number }>(
      `insert into api_keys (user_id, name, prefix, key_hash) values ($1, $2, $3, $4) returning id`,
      [usersAt[level]!.id, named(level, `Key ${tag()}`), tag() + tag().slice(0, 2), 'f'.repeat(64)],
    );
    return { id: rows[0]!.id };
  };

  /** Records made for one write, so a write never changes what later cases read. */
  const fresh = {
    student: newStudent,
    course_enrollment: (level: Level) => newEnrollment(level, 'Course'),
    seminar_enrollment: (level: Level) => newEnrollment(level, 'Seminar'),
    course: (level: Level) => newCourse(level, [(schoolOf[level] ?? schoolA).id]),
    seminar: (level: Level) => newSeminar(level, (schoolOf[level] ?? schoolA).id),
    // A school's members are the actors' roles: a new school would need new roles, so writes to a
    // school use the fixture's (the matrix runs deletions last).
    school: async (level: Level) => schoolOf[level]!,
    user: newUser,
    share_target: newUser,
    interest: newInterest,
    series_offered: newSeriesOffered,
    version: newVersion,
    upload: newUpload,
    api_key: newApiKey,
  } satisfies Record<RecordKind, (level: Level) => Promise<{ id: number }>>;

  // The records reads look at, one per kind and level.
  const records = new Map<string, { id: number; studentId?: number; episodeId?: number }>();
  for (const level of levels) {
    records.set(`student:${level}`, await newStudent(level));
    records.set(`course_enrollment:${level}`, await newEnrollment(level, 'Course'));
    records.set(`seminar_enrollment:${level}`, await newEnrollment(level, 'Seminar'));
  }
  for (const level of ['mine', 'sibling', 'foreign'] as const) {
    records.set(`course:${level}`, courses[level]);
    records.set(`seminar:${level}`, seminars[level]);
    records.set(`school:${level}`, schoolOf[level]!);
    records.set(`user:${level}`, usersAt[level]!);
    records.set(`share_target:${level}`, usersAt[level]!);
    records.set(`interest:${level}`, await newInterest(level));
    records.set(`series_offered:${level}`, await newSeriesOffered(level));
    records.set(`version:${level}`, await newVersion(level));
    records.set(`upload:${level}`, await newUpload(level));
    records.set(`api_key:${level}`, await newApiKey(level));
  }

  return {
    schoolA,
    colleague,
    courseAt,
    fresh,
    record: (kind: RecordKind, level: Level) => {
      const found = records.get(`${kind}:${level}`);
      if (!found) throw new Error(`The matrix fixture has no ${kind} at level ${level}`);
      return found;
    },
    emailOf: (role: MatrixRole): string | null =>
      role === 'signed_out' ? null : role === 'no_role' ? noRole.email : actors[role].email,
  };
}

/** Names a series' lessons or presentations, decision options and products with its marker. */
async function dress(t: TestContext, seriesId: number, level: Level) {
  await createDecisionOption(t.database.db, seriesId, named(level, `Decision ${tag()}`));
  await createProductOffer(t.database.db, seriesId, { name: named(level, `Product ${tag()}`) });
  const marker = levelInfo[level].marker;
  if (marker) {
    await t.database.query(`update episodes set name = name || ' ' || $1 where series_id = $2`, [marker, seriesId]);
  }
}
