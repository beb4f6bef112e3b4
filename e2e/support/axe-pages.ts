import type { RoleType } from '@srs/shared/roles';
import type { Page } from 'playwright-core';
import { pageList } from '../../apps/web/src/lib/site-map/pages.ts';
import { enrollmentTypeOf } from '../../apps/web/src/lib/site-map/paths.ts';
import type { PageEntry, RecordKind } from '../../apps/web/src/lib/site-map/types.ts';
import { call } from './records.ts';
import { api } from './session.ts';

/** One address the sweep opens: a page of the site map, or one tab of it (a path pattern). */
export type SweptPage = { path: string; page: PageEntry };

/**
 * Every page of the web app's site map, each tab on its own: a page added to the site map is
 * swept without anyone writing a test for it.
 */
export function sweptPages(): SweptPage[] {
  return pageList.flatMap((page) =>
    page.tabs ? page.tabs.map((tab) => ({ path: `${page.path}/${tab.path}`, page })) : [{ path: page.path, page }],
  );
}

/** A demo account of each role (DOMAIN.md demo data), password `demo-password`. */
export const demoAccounts: Record<RoleType, string> = {
  instructor: 'instructor@demo.test',
  school_admin: 'school.admin@demo.test',
  conference_admin: 'conference.admin@demo.test',
  global_admin: 'global.admin@demo.test',
};

/**
 * Whom a page is opened as: signed out for /login, else the narrowest role that may open it, so
 * that an instructor's dashboard and an admin's lists are both swept, and global admins only
 * for the pages that are theirs alone.
 */
export function roleFor({ page }: SweptPage): RoleType | null {
  if (page.public) return null;
  const narrowestFirst: RoleType[] = ['instructor', 'school_admin', 'conference_admin', 'global_admin'];
  const role = narrowestFirst.find((candidate) => page.roles.includes(candidate));
  if (!role) throw new Error(`${page.path}: no role may open it`);
  return role;
}

/** The kinds of record a page's path names. */
export const recordKindsOf = ({ page }: SweptPage): RecordKind[] => Object.values(page.params ?? {});

/** The id of one real record of each kind, as one user sees them; an enrollment of each series type. */
export type RecordIds = Partial<Record<Exclude<RecordKind, 'enrollment'> | 'courseEnrollment' | 'seminarEnrollment', string>>;

type Enrollment = { id: number; orphaned: boolean; lesson_number: number };
type StudentRow = { id: number; course_enrollments: Enrollment[]; seminar_enrollments: Enrollment[] };

const active = (list: Enrollment[]) => list.filter((enrollment) => !enrollment.orphaned);
const furthest = (student: StudentRow) => Math.max(...active(student.course_enrollments).map((e) => e.lesson_number));

async function firstId(page: Page, path: string, key: string): Promise<string> {
  const record = (await api<Record<string, { id: number }[]>>(page, path))[key]?.[0];
  if (!record) throw new Error(`${path}: no ${key} to open`);
  return String(record.id);
}

/**
 * Looks up, through the API as the signed-in user, one record of each kind the pages name: a
 * student with a course and a seminar enrollment (the one furthest along, so that the tabs have
 * rows), and the first course, seminar, school and user of their lists.
 */
export async function lookUpRecords(page: Page, kinds: ReadonlySet<RecordKind>): Promise<RecordIds> {
  const ids: RecordIds = {};
  if (kinds.has('student') || kinds.has('enrollment')) {
    const { students } = await api<{ students: StudentRow[] }>(page, '/api/students?per_page=100');
    const [student] = students
      .filter((row) => active(row.course_enrollments).length > 0 && active(row.seminar_enrollments).length > 0)
      .sort((a, b) => furthest(b) - furthest(a));
    if (!student) throw new Error('no visible student has both a course and a seminar enrollment');
    ids.student = String(student.id);
    ids.courseEnrollment = String(active(student.course_enrollments)[0]!.id);
    ids.seminarEnrollment = String(active(student.seminar_enrollments)[0]!.id);
  }
  if (kinds.has('course')) ids.course = await firstId(page, '/api/series?type=Course&per_page=1', 'courses');
  if (kinds.has('seminar')) ids.seminar = await firstId(page, '/api/series?type=Seminar&per_page=1', 'seminars');
  if (kinds.has('school')) ids.school = await firstId(page, '/api/schools?per_page=1', 'schools');
  if (kinds.has('user')) ids.user = await firstId(page, '/api/users?per_page=1', 'users');
  if (kinds.has('version')) ids.version = await someChange(page);
  return ids;
}

/**
 * A change the signed-in user sees. One who has changed nothing yet changes the city of one of
 * their students and sets it back from that change: two changes, and the student as it was.
 */
async function someChange(page: Page): Promise<string> {
  const { versions } = await api<{ versions: { id: number }[] }>(page, '/api/versions?per_page=1');
  if (versions[0]) return String(versions[0].id);
  const studentId = await firstId(page, '/api/students?per_page=1', 'students');
  const { city } = await api<{ city: string }>(page, `/api/students/${studentId}`);
  await call(page, 'PUT', `/api/students/${studentId}`, { city: `${city} (checked)` });
  const change = await firstId(page, `/api/versions?per_page=1&item_type=Student&item_id=${studentId}`, 'versions');
  await call(page, 'POST', `/api/versions/${change}/revert`, { fields: ['city'] });
  return change;
}

/** The address of a swept page, its path parameters filled in with real records. */
export function urlOf({ path, page }: SweptPage, ids: RecordIds): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const kind = page.params?.[name];
    const key =
      kind === 'enrollment' ? (enrollmentTypeOf(page) === 'Seminar' ? 'seminarEnrollment' : 'courseEnrollment') : kind;
    const id = key ? ids[key] : undefined;
    if (id === undefined) throw new Error(`${path}: no record for :${name}`);
    return id;
  });
}
