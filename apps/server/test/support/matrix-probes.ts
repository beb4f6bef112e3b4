import {
  type Level,
  levels,
  type MatrixFixture,
  type MatrixRole,
  named,
  type RecordKind,
  sees,
} from './matrix-fixture.ts';
import * as courses from './probes/courses.ts';
import * as schools from './probes/schools.ts';
import * as seminars from './probes/seminars.ts';
import * as users from './probes/users.ts';
import * as versions from './probes/versions.ts';
import { studentForm } from './student-factories.ts';

/** Each administration area keeps its probes in its own file (probes/<area>.ts). */
const areas = [schools, users, courses, seminars, versions];
const merged = <T>(pick: (area: (typeof areas)[number]) => Record<string, T>): Record<string, T> =>
  Object.assign({}, ...areas.map(pick)) as Record<string, T>;

/**
 * How the authorization matrix calls each route. A route whose path names a record
 * (`/api/students/{id}`) needs nothing here: the segment before the parameter says which record,
 * and a write sends `writeBodies[route] ?? {}`. A route without a record in its path is called
 * with the probes listed here; a GET missing from this table is called without a query, a write
 * missing from it fails the matrix until someone adds it.
 */

/** The kinds of record a path segment names; a route with an unknown segment fails the matrix. */
export const kindsBySegment: Record<string, readonly RecordKind[]> = {
  students: ['student'],
  enrollments: ['course_enrollment', 'seminar_enrollment'],
  series: ['course', 'seminar'],
  courses: ['course'],
  seminars: ['seminar'],
  schools: ['school'],
  users: ['user'],
  instructors: ['user'],
  interests: ['interest'],
  versions: ['version'],
  uploads: ['upload'],
  api_keys: ['api_key'],
};

/**
 * Routes whose path names fewer kinds than its segment does (a seminar-only call under
 * `/series/{id}` answers 404 for a course): each area lists its own in `kindsByRoute`.
 */
export const kindsByRoute: Record<string, readonly RecordKind[]> = merged((area) =>
  'kindsByRoute' in area ? (area.kindsByRoute as Record<string, readonly RecordKind[]>) : {},
);

export type ProbeRequest = { query?: Record<string, string | string[]>; body?: unknown };

/** A record a probe names in its query or body: `student_id`, `ids`, `school_id`… */
export type RecordRef = { id: number; studentId?: number; episodeId?: number };

/** A call that names a record of `kind` outside the path: in scope it must work, out of scope 404. */
export type RefProbe = {
  name: string;
  kind: RecordKind;
  request: (
    ref: RecordRef,
    level: Level,
    fixture: MatrixFixture,
    role: MatrixRole,
  ) => Promise<ProbeRequest> | ProbeRequest;
  /**
   * Where the record named is a relation the body asks for rather than a record the caller reads
   * (a filter, a course the student's school must offer), an id out of scope must get exactly the
   * answer an id that does not exist gets, and that answer must refuse: nothing tells the two apart.
   */
  outOfScope?: { asMissing: string };
};

/** A call that names no record: every role allowed must get an answer in `accept` without leaks. */
export type FixedProbe = {
  name: string;
  request: (fixture: MatrixFixture) => Promise<ProbeRequest> | ProbeRequest;
  /** Statuses that mean the call worked (default: any 2xx). */
  accept?: number[];
  /**
   * Levels whose records this list shows to a user who sees everything: their markers must be in
   * the answer, which proves the list would show a leak to the others.
   */
  canary?: readonly Level[];
};

export type Probe = RefProbe | FixedProbe;
export const isRefProbe = (probe: Probe): probe is RefProbe => 'kind' in probe;
/** Gives a probe literal its type, so its request's arguments are typed. */
const byRecord = (probe: RefProbe): RefProbe => probe;

const allRows = { per_page: '500' };
const everyLevel = levels.filter((level) => level !== 'mine');
const organisationLevels: readonly Level[] = ['shared', 'sibling', 'foreign'];
const list = (canary: readonly Level[], name = 'list', query: Record<string, string> = allRows): FixedProbe => ({
  name,
  request: () => ({ query }),
  canary,
});

export const probes: Record<string, Probe[]> = {
  'GET /api/students': [list(everyLevel)],
  'GET /api/students.csv': [list(everyLevel, 'csv', {})],
  'GET /api/enrollments/needing_followup': [list(everyLevel)],
  'GET /api/schools': [list(organisationLevels)],
  'GET /api/schools.csv': [list(organisationLevels, 'csv', {})],
  'GET /api/schools/simple_list': [list(organisationLevels, 'all', {})],
  'GET /api/users': [list(organisationLevels)],
  'GET /api/users.csv': [list(organisationLevels, 'csv', {})],
  'GET /api/users/share': [list(organisationLevels, 'all', {})],
  'GET /api/interests': [list(['sibling', 'foreign'])],
  'GET /api/interests.csv': [list(['sibling', 'foreign'], 'csv', {})],
  // The fixture's interests are new: the assignment list shows them (to global admins only).
  'GET /api/interests/assignments': [list(['sibling', 'foreign'])],
  'POST /api/interests': [{ name: 'by hand', request: () => ({ body: { first_name: 'Aab', last_name: 'Matrix' } }) }],
  'POST /api/interests/import': [
    { name: 'preview', request: () => ({ body: { file: 'first_name,last_name\nAab,Matrix', dry_run: true } }) },
  ],
  'POST /api/students/import': [
    { name: 'preview without a school', request: () => ({ body: { file: 'First name,Last name\nAab,Matrix' } }) },
    byRecord({
      name: 'school_id',
      kind: 'school',
      request: ({ id }) => ({ body: { file: 'First name,Last name\nAab,Matrix', school_id: id } }),
    }),
  ],
  // Issue 27: the other student is one the caller sees; the one probed decides the answer.
  'POST /api/students/duplicates/not_same_person': [
    byRecord({
      name: 'student_ids',
      kind: 'student',
      request: async ({ id }, _level, f) => ({ body: { student_ids: [id, (await f.fresh.student('mine')).id] } }),
    }),
  ],
  // The fixture's interests were received today: this month's funnel names their schools.
  'GET /api/interests/tracking': [
    list(['sibling', 'foreign'], 'this period', {}),
    byRecord({ name: 'school_id', kind: 'school', request: ({ id }) => ({ query: { school_id: String(id) } }) }),
  ],
  'GET /api/series': [
    list(['sibling', 'foreign'], 'courses', { type: 'Course', ...allRows }),
    list(organisationLevels, 'seminars', { type: 'Seminar', ...allRows }),
  ],
  'GET /api/series/simple_list': [
    list(organisationLevels, 'all', {}),
    byRecord({ name: 'school_id', kind: 'school', request: ({ id }) => ({ query: { school_id: String(id) } }) }),
    byRecord({ name: 'student_id', kind: 'student', request: ({ id }) => ({ query: { student_id: String(id) } }) }),
  ],
  'GET /api/students/suggested_schools': [
    byRecord({
      name: 'series_id',
      kind: 'course',
      request: ({ id }) => ({ query: { series_id: String(id), zip_code: '62701' } }),
    }),
  ],
  'GET /api/students/avery_labels': [
    byRecord({
      name: 'ids',
      kind: 'student',
      request: ({ id }) => ({ query: { ids: String(id) } }),
      outOfScope: { asMissing: 'the chosen ids filter the printable students' },
    }),
  ],
  'POST /api/students': [
    byRecord({
      name: 'school_id',
      kind: 'school',
      request: ({ id }, level) => ({
        body: studentForm({ first_name: 'Aab', last_name: named(level, 'Created'), school_id: id }),
      }),
    }),
  ],
  'POST /api/enrollments': [
    byRecord({
      name: 'student_id',
      kind: 'student',
      request: ({ id }, level, f) => ({ body: { student_id: id, series_id: f.courseAt(level).id } }),
    }),
    byRecord({
      name: 'series_id',
      kind: 'course',
      // A student the caller sees, in the course's school when the caller sees that school.
      request: async ({ id }, level, f, role) => {
        const seen = role !== 'signed_out' && role !== 'no_role' && sees(role, 'student', level);
        const student = await f.fresh.student(seen ? level : 'mine');
        return { body: { student_id: student.id, series_id: id } };
      },
      outOfScope: {
        asMissing:
          "a student is enrolled in what the student's school offers (decisions.md, Enrolling), " +
          'whether the caller sees the course or not',
      },
    }),
  ],
  'PUT /api/enrollments/take_attendance': [
    byRecord({
      name: 'enrollment_id',
      kind: 'seminar_enrollment',
      request: ({ id, episodeId }) => ({
        body: { episode_id: episodeId, attendances: [{ enrollment_id: id, attended: true }] },
      }),
    }),
  ],
  'PUT /api/students/bulk_reassign': [
    byRecord({
      name: 'student_ids',
      kind: 'student',
      request: ({ id }, _level, f) => ({ body: { student_ids: [id], school_id: f.schoolA.id } }),
    }),
    byRecord({
      name: 'school_id',
      kind: 'school',
      request: async ({ id }, _level, f) => ({
        body: { student_ids: [(await f.fresh.student('mine')).id], school_id: id },
      }),
    }),
  ],
  // Issue 27: the probed student merged into one the caller has, and kept with one merged into it.
  'POST /api/students/merge': [
    byRecord({
      name: 'merged_id',
      kind: 'student',
      request: async ({ id }, _level, f) => ({ body: { kept_id: (await f.fresh.student('mine')).id, merged_id: id } }),
    }),
    byRecord({
      name: 'kept_id',
      kind: 'student',
      request: async ({ id }, _level, f) => ({ body: { kept_id: id, merged_id: (await f.fresh.student('mine')).id } }),
    }),
  ],
  'PUT /api/students/bulk_share': shareProbes(),
  'PUT /api/students/bulk_unshare': shareProbes(),
  'DELETE /api/logout': [{ name: 'sign out', request: () => ({}) }],
  'PATCH /api/change_password': [
    {
      name: 'wrong password',
      request: () => ({ body: { current_password: 'not-the-password', password: 'another-password-1' } }),
      // The matrix users sign in elsewhere: the change is refused, but only after the role check.
      accept: [200, 422],
    },
  ],
  'POST /api/api_keys': [{ name: 'a named key', request: () => ({ body: { name: 'Matrix website' } }) }],
  'PATCH /api/users/update_current': [{ name: 'own phone', request: () => ({ body: { phone: '555-0100' } }) }],
  // The matrix users sign in elsewhere: the second factor is refused (422), after the role check.
  'POST /api/users/current/mfa': [{ name: 'start', request: () => ({}), accept: [200, 422] }],
  'POST /api/users/current/mfa/confirm': [{ name: 'wrong code', request: () => ({ body: { code: '000000' } }), accept: [422] }],
  'DELETE /api/users/current/mfa': [{ name: 'wrong code', request: () => ({ body: { code: '000000' } }), accept: [422] }],
  ...merged((area) => area.probes),
};

function shareProbes(): Probe[] {
  return [
    byRecord({
      name: 'student_ids',
      kind: 'student',
      request: ({ id }, _level, f) => ({ body: { student_ids: [id], user_ids: [f.colleague.id] } }),
    }),
    byRecord({
      name: 'user_ids',
      kind: 'share_target',
      request: async ({ id }, _level, f) => ({
        body: { student_ids: [(await f.fresh.student('mine')).id], user_ids: [id] },
      }),
      outOfScope: {
        asMissing: 'the staff a student can be shared with are those of my schools (decisions.md, Sharing)',
      },
    }),
  ];
}

/** Bodies for writes to a record named in the path: the least that is a valid request. */
export const writeBodies: Record<string, unknown> = {
  'PUT /api/students/{id}': { city: 'Springfield' },
  'PUT /api/enrollments/{id}': {},
  'PUT /api/students/{id}/update_avery_labels': undefined,
  'PUT /api/interests/{id}': { first_name: 'Aab', last_name: 'Matrix edited' },
  'POST /api/interests/{id}/status': { action: 'closed', closed_reason: 'Matrix' },
  'POST /api/interests/{id}/assign': { series_id: 1, school_id: 1 },
  // An erasure takes no body: the path names the student, and the page asked for the name typed.
  'POST /api/students/{id}/erase': undefined,
  ...merged((area) => area.writeBodies),
};

/** Routes the matrix does not call, each with its reason. */
export const skipped: Record<string, string> = {
  'GET /api/config': 'public: the sign-in page reads it before anyone is signed in',
  'POST /api/users/auth/auth0': 'public: starts the sign-in',
  'GET /api/users/auth/url': 'public: the sign-in URL',
  'GET /api/users/auth/callback': 'public: the return from the identity provider',
  'POST /api/public/interests': 'public: a website with an API key (api-keys.test.ts: 401 without a live key, 422, 429)',
  ...merged((area) => area.skipped),
};
