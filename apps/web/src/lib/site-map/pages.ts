import { admins, everyone, schoolAndConferenceAdmins, staffWithStudents } from '@srs/shared/roles';
import {
  IconBook,
  IconBuildingChurch,
  IconChalkboard,
  IconChartBar,
  IconLayoutDashboard,
  IconPresentation,
  IconUserHeart,
  IconUsers,
} from '@tabler/icons-react';
import { account, globalAdmins, quickCreateRoles, tabsOf } from './entries.ts';
import type { PageEntry, PageSpec } from './types.ts';

/**
 * The site map: every page of the web app, once (SPEC section 2). The router, the tab strips, the
 * breadcrumbs, the mobile menu and the main navigation are made from it; the accessibility sweep
 * opens every page of it. Plain data, importable from Node: route modules are named, not imported.
 */

const specs = {
  login: { path: '/login', title: 'Student Records System', module: 'login', roles: everyone, public: true },
  dashboard: {
    path: '/',
    title: 'My Dashboard',
    module: 'dashboard',
    // Global admins land here after sign-in too, though SPEC's navigation gives them no Dashboard.
    roles: everyone,
    crumb: { label: 'Dashboard' },
    nav: { label: 'Dashboard', icon: IconLayoutDashboard, roles: staffWithStudents },
  },

  interests: {
    path: '/interests',
    title: 'Interest Tracking',
    module: 'interests-list',
    roles: globalAdmins,
    flag: 'interestTracking',
    section: 'interests',
    nav: { label: 'Interest Tracking', icon: IconUserHeart, roles: globalAdmins, flag: 'interestTracking' },
  },
  'interest-assignments': {
    path: '/interests/assignments',
    title: 'Interest assignments',
    module: 'interest-assignments',
    roles: globalAdmins,
    flag: 'interestTracking',
    crumb: { label: 'Assignments', parent: 'interests' },
    section: 'interests',
  },
  'interest-tracking': {
    path: '/interests/tracking',
    title: 'Interest tracking',
    module: 'interest-tracking',
    roles: globalAdmins,
    flag: 'interestTracking',
    crumb: { label: 'Tracking', parent: 'interests' },
    section: 'interests',
  },

  // Global admins read students too (docs/decisions.md), though their navigation has no Students.
  students: {
    path: '/students',
    title: 'Students',
    module: 'students-list',
    roles: everyone,
    section: 'students',
    nav: { label: 'Students', icon: IconUsers, roles: staffWithStudents },
  },
  'student-new': {
    path: '/students/new',
    title: 'New student',
    module: 'student-new',
    roles: everyone,
    crumb: { label: 'New', parent: 'students' },
    section: 'students',
  },
  // Issue 27: students and their courses from a spreadsheet, into the schools the admin administers.
  'student-import': {
    path: '/students/import',
    title: 'Import students',
    module: 'student-import',
    roles: admins,
    crumb: { label: 'Import', parent: 'students' },
    section: 'students',
  },
  // Issue 27: pairs of students likely one person, for the admins who may merge them.
  'student-duplicates': {
    path: '/students/duplicates',
    title: 'Likely duplicates',
    module: 'student-duplicates',
    roles: admins,
    crumb: { label: 'Duplicates', parent: 'students' },
    section: 'students',
  },
  // Issue 27: two records of one person made one, from a pair of likely duplicates.
  'student-merge': {
    path: '/students/merge',
    title: 'Merge two records',
    module: 'student-merge',
    roles: admins,
    crumb: { label: 'Merge', parent: 'student-duplicates' },
    section: 'students',
  },
  student: {
    path: '/students/:studentId',
    title: 'Student',
    module: 'student-detail',
    roles: everyone,
    params: { studentId: 'student' },
    tabs: tabsOf('student', ['overview', 'profile', 'courses', 'seminars', 'decisions', 'products', 'notes']),
    crumb: { parent: 'students' },
    section: 'students',
  },
  // SPEC section 2: a course enrollment opens on its lessons tab, a seminar enrollment on its presentations tab.
  'course-enrollment': {
    path: '/students/:studentId/courses/enrollments/:enrollmentId',
    title: 'Course enrollment',
    module: 'enrollment',
    roles: everyone,
    params: { studentId: 'student', enrollmentId: 'enrollment' },
    tabs: tabsOf('enrollment', ['management', 'lessons', 'decisions', 'questions', 'products', 'reminders', 'visits']),
    defaultTab: 'lessons',
    crumb: { label: 'Enrollment', parent: 'student', tab: 'courses' },
    section: 'students',
  },
  'seminar-enrollment': {
    path: '/students/:studentId/seminars/enrollments/:enrollmentId',
    title: 'Seminar enrollment',
    module: 'enrollment',
    roles: everyone,
    params: { studentId: 'student', enrollmentId: 'enrollment' },
    tabs: tabsOf('enrollment', ['management', 'presentations', 'decisions', 'visits', 'reminders', 'products']),
    defaultTab: 'presentations',
    crumb: { label: 'Enrollment', parent: 'student', tab: 'seminars' },
    section: 'students',
  },

  instructors: {
    path: '/instructors',
    title: 'Instructors',
    module: 'instructors-list',
    roles: admins,
    section: 'instructors',
    nav: { label: 'Instructors', icon: IconChalkboard, roles: schoolAndConferenceAdmins },
  },
  // Global admins add instructors too (any role); the quick-create menu keeps SPEC's roles.
  'instructor-new': {
    path: '/instructors/new',
    title: 'New instructor',
    module: 'instructor-new',
    roles: admins,
    crumb: { label: 'New', parent: 'instructors' },
    section: 'instructors',
  },
  instructor: {
    path: '/instructors/:userId',
    title: 'Instructor',
    module: 'instructor-detail',
    roles: admins,
    params: { userId: 'user' },
    tabs: tabsOf('instructor', ['overview', 'profile', 'students', 'courses']),
    crumb: { parent: 'instructors' },
    section: 'instructors',
  },

  courses: {
    path: '/courses',
    title: 'Courses',
    module: 'courses-list',
    roles: admins,
    section: 'courses',
    nav: { label: 'Courses', icon: IconBook, roles: schoolAndConferenceAdmins },
  },
  // The catalogue is the global admins' (DOMAIN.md "Pages and navigation"); other admins read it.
  'course-new': {
    path: '/courses/new',
    title: 'New course',
    module: 'course-new',
    roles: globalAdmins,
    crumb: { label: 'New', parent: 'courses' },
    section: 'courses',
  },
  course: {
    path: '/courses/:courseId',
    title: 'Course',
    module: 'course-detail',
    roles: admins,
    params: { courseId: 'course' },
    tabs: tabsOf('course', ['overview', 'lessons', 'decisions', 'products', 'schools']),
    crumb: { parent: 'courses' },
    section: 'courses',
  },

  schools: {
    path: '/schools',
    title: 'Schools',
    module: 'schools-list',
    roles: admins,
    section: 'schools',
    nav: { label: 'Schools', icon: IconBuildingChurch, roles: schoolAndConferenceAdmins },
  },
  'school-new': {
    path: '/schools/new',
    title: 'New school',
    module: 'school-new',
    roles: quickCreateRoles('school'),
    crumb: { label: 'New', parent: 'schools' },
    section: 'schools',
  },
  school: {
    path: '/schools/:schoolId',
    title: 'School',
    module: 'school-detail',
    roles: admins,
    params: { schoolId: 'school' },
    tabs: tabsOf('school', ['overview', 'instructors', 'courses', 'seminars', 'students']),
    crumb: { parent: 'schools' },
    section: 'schools',
  },

  seminars: {
    path: '/seminars',
    title: 'Seminars',
    module: 'seminars-list',
    roles: admins,
    section: 'seminars',
    nav: { label: 'Seminars', icon: IconPresentation, roles: schoolAndConferenceAdmins },
  },
  'seminar-new': {
    path: '/seminars/new',
    title: 'New seminar',
    module: 'seminar-new',
    roles: quickCreateRoles('seminar'),
    crumb: { label: 'New', parent: 'seminars' },
    section: 'seminars',
  },
  seminar: {
    path: '/seminars/:seminarId',
    title: 'Seminar',
    module: 'seminar',
    roles: admins,
    params: { seminarId: 'seminar' },
    tabs: tabsOf('seminar', ['details', 'students', 'presentations', 'attendance', 'decisions', 'products', 'print-tickets']),
    crumb: { parent: 'seminars' },
    section: 'seminars',
  },

  reports: {
    path: '/reports',
    title: 'Reports',
    module: 'reports',
    roles: everyone,
    section: 'reports',
    nav: { label: 'Reports', icon: IconChartBar, roles: everyone },
  },

  'my-account': {
    path: '/account/my-account',
    title: 'My Account',
    module: 'my-account',
    roles: everyone,
    crumb: { parent: account },
    section: 'account',
  },
  settings: {
    path: '/account/settings',
    title: 'Settings',
    module: 'settings',
    roles: everyone,
    crumb: { parent: account },
    section: 'account',
  },
  'api-keys': {
    path: '/account/settings/api-keys',
    title: 'API Keys',
    module: 'api-keys',
    roles: globalAdmins,
    flag: 'interestTracking',
    crumb: { parent: 'settings' },
    section: 'account',
  },

  versions: {
    path: '/versions',
    title: 'Versions',
    module: 'versions-list',
    roles: everyone,
    section: 'versions',
  },
  version: {
    path: '/versions/:versionId',
    title: 'Version',
    module: 'version-detail',
    roles: everyone,
    params: { versionId: 'version' },
    crumb: { parent: 'versions' },
    section: 'versions',
  },

  // Only while no mail server is configured (docs/decisions.md, Mail).
  'dev-mailbox': {
    path: '/dev/mailbox',
    title: 'Development mailbox',
    module: 'dev-mailbox',
    roles: globalAdmins,
    crumb: { label: 'Mailbox' },
  },
} satisfies Record<string, PageSpec>;

export type PageId = keyof typeof specs;

/** Every page by id. */
export const pages = Object.fromEntries(Object.entries(specs).map(([id, spec]) => [id, { ...spec, id }])) as {
  readonly [Id in PageId]: (typeof specs)[Id] & { id: Id };
};

/** Every page, in the site map's order (the main navigation's too). */
export const pageList: readonly PageEntry[] = Object.values(pages);
