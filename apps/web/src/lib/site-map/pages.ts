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
import { account, globalAdmins, pageEntry, quickCreateRoles, tabsOf } from './entries.ts';
import type { PageEntry, PageSpec } from './types.ts';

/**
 * The site map: every page of the web app, once (SPEC section 2). The router, the tab strips, the
 * breadcrumbs, the mobile menu and the main navigation are made from it; the accessibility sweep
 * opens every page of it. Plain data, importable from Node: route modules are named, not imported.
 */

const specs = {
  login: { path: '/login', titleKey: 'login', module: 'login', roles: everyone, public: true },
  dashboard: {
    path: '/',
    titleKey: 'dashboard',
    module: 'dashboard',
    // Global admins land here after sign-in too, though SPEC's navigation gives them no Dashboard.
    roles: everyone,
    crumb: { labelKey: 'crumbDashboard' },
    nav: { labelKey: 'crumbDashboard', icon: IconLayoutDashboard, roles: staffWithStudents },
  },

  interests: {
    path: '/interests',
    titleKey: 'interests',
    module: 'interests-list',
    roles: globalAdmins,
    flag: 'interestTracking',
    section: 'interests',
    nav: { labelKey: 'interests', icon: IconUserHeart, roles: globalAdmins, flag: 'interestTracking' },
  },
  'interest-assignments': {
    path: '/interests/assignments',
    titleKey: 'interestAssignments',
    module: 'interest-assignments',
    roles: globalAdmins,
    flag: 'interestTracking',
    crumb: { labelKey: 'crumbAssignments', parent: 'interests' },
    section: 'interests',
  },
  'interest-tracking': {
    path: '/interests/tracking',
    titleKey: 'interestTracking',
    module: 'interest-tracking',
    roles: globalAdmins,
    flag: 'interestTracking',
    crumb: { labelKey: 'crumbTracking', parent: 'interests' },
    section: 'interests',
  },

  // Global admins read students too (docs/decisions.md), though their navigation has no Students.
  students: {
    path: '/students',
    titleKey: 'students',
    module: 'students-list',
    roles: everyone,
    section: 'students',
    nav: { labelKey: 'students', icon: IconUsers, roles: staffWithStudents },
  },
  'student-new': {
    path: '/students/new',
    titleKey: 'studentNew',
    module: 'student-new',
    roles: everyone,
    crumb: { labelKey: 'crumbNew', parent: 'students' },
    section: 'students',
  },
  // Issue 27: students and their courses from a spreadsheet, into the schools the admin administers.
  'student-import': {
    path: '/students/import',
    titleKey: 'studentImport',
    module: 'student-import',
    roles: admins,
    crumb: { labelKey: 'crumbImport', parent: 'students' },
    section: 'students',
  },
  // Issue 27: pairs of students likely one person, for the admins who may merge them.
  'student-duplicates': {
    path: '/students/duplicates',
    titleKey: 'studentDuplicates',
    module: 'student-duplicates',
    roles: admins,
    crumb: { labelKey: 'crumbDuplicates', parent: 'students' },
    section: 'students',
  },
  // Issue 27: two records of one person made one, from a pair of likely duplicates.
  'student-merge': {
    path: '/students/merge',
    titleKey: 'studentMerge',
    module: 'student-merge',
    roles: admins,
    crumb: { labelKey: 'crumbMerge', parent: 'student-duplicates' },
    section: 'students',
  },
  student: {
    path: '/students/:studentId',
    titleKey: 'student',
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
    titleKey: 'courseEnrollment',
    module: 'enrollment',
    roles: everyone,
    params: { studentId: 'student', enrollmentId: 'enrollment' },
    tabs: tabsOf('enrollment', ['management', 'lessons', 'decisions', 'questions', 'products', 'reminders', 'visits']),
    defaultTab: 'lessons',
    crumb: { labelKey: 'crumbEnrollment', parent: 'student', tab: 'courses' },
    section: 'students',
  },
  'seminar-enrollment': {
    path: '/students/:studentId/seminars/enrollments/:enrollmentId',
    titleKey: 'seminarEnrollment',
    module: 'enrollment',
    roles: everyone,
    params: { studentId: 'student', enrollmentId: 'enrollment' },
    tabs: tabsOf('enrollment', ['management', 'presentations', 'decisions', 'visits', 'reminders', 'products']),
    defaultTab: 'presentations',
    crumb: { labelKey: 'crumbEnrollment', parent: 'student', tab: 'seminars' },
    section: 'students',
  },

  instructors: {
    path: '/instructors',
    titleKey: 'instructors',
    module: 'instructors-list',
    roles: admins,
    section: 'instructors',
    nav: { labelKey: 'instructors', icon: IconChalkboard, roles: schoolAndConferenceAdmins },
  },
  // Global admins add instructors too (any role); the quick-create menu keeps SPEC's roles.
  'instructor-new': {
    path: '/instructors/new',
    titleKey: 'instructorNew',
    module: 'instructor-new',
    roles: admins,
    crumb: { labelKey: 'crumbNew', parent: 'instructors' },
    section: 'instructors',
  },
  instructor: {
    path: '/instructors/:userId',
    titleKey: 'instructor',
    module: 'instructor-detail',
    roles: admins,
    params: { userId: 'user' },
    tabs: tabsOf('instructor', ['overview', 'profile', 'students', 'courses']),
    crumb: { parent: 'instructors' },
    section: 'instructors',
  },

  courses: {
    path: '/courses',
    titleKey: 'courses',
    module: 'courses-list',
    roles: admins,
    section: 'courses',
    nav: { labelKey: 'courses', icon: IconBook, roles: schoolAndConferenceAdmins },
  },
  // The catalogue is the global admins' (DOMAIN.md "Pages and navigation"); other admins read it.
  'course-new': {
    path: '/courses/new',
    titleKey: 'courseNew',
    module: 'course-new',
    roles: globalAdmins,
    crumb: { labelKey: 'crumbNew', parent: 'courses' },
    section: 'courses',
  },
  course: {
    path: '/courses/:courseId',
    titleKey: 'course',
    module: 'course-detail',
    roles: admins,
    params: { courseId: 'course' },
    tabs: tabsOf('course', ['overview', 'lessons', 'decisions', 'products', 'schools']),
    crumb: { parent: 'courses' },
    section: 'courses',
  },

  schools: {
    path: '/schools',
    titleKey: 'schools',
    module: 'schools-list',
    roles: admins,
    section: 'schools',
    nav: { labelKey: 'schools', icon: IconBuildingChurch, roles: schoolAndConferenceAdmins },
  },
  'school-new': {
    path: '/schools/new',
    titleKey: 'schoolNew',
    module: 'school-new',
    roles: quickCreateRoles('school'),
    crumb: { labelKey: 'crumbNewSchool', parent: 'schools' },
    section: 'schools',
  },
  school: {
    path: '/schools/:schoolId',
    titleKey: 'school',
    module: 'school-detail',
    roles: admins,
    params: { schoolId: 'school' },
    tabs: tabsOf('school', ['overview', 'instructors', 'courses', 'seminars', 'students']),
    crumb: { parent: 'schools' },
    section: 'schools',
  },

  seminars: {
    path: '/seminars',
    titleKey: 'seminars',
    module: 'seminars-list',
    roles: admins,
    section: 'seminars',
    nav: { labelKey: 'seminars', icon: IconPresentation, roles: schoolAndConferenceAdmins },
  },
  'seminar-new': {
    path: '/seminars/new',
    titleKey: 'seminarNew',
    module: 'seminar-new',
    roles: quickCreateRoles('seminar'),
    crumb: { labelKey: 'crumbNew', parent: 'seminars' },
    section: 'seminars',
  },
  seminar: {
    path: '/seminars/:seminarId',
    titleKey: 'seminar',
    module: 'seminar',
    roles: admins,
    params: { seminarId: 'seminar' },
    tabs: tabsOf('seminar', ['details', 'students', 'presentations', 'attendance', 'decisions', 'products', 'print-tickets']),
    crumb: { parent: 'seminars' },
    section: 'seminars',
  },

  reports: {
    path: '/reports',
    titleKey: 'reports',
    module: 'reports',
    roles: everyone,
    section: 'reports',
    nav: { labelKey: 'reports', icon: IconChartBar, roles: everyone },
  },

  'my-account': {
    path: '/account/my-account',
    titleKey: 'myAccount',
    module: 'my-account',
    roles: everyone,
    crumb: { parent: account },
    section: 'account',
  },
  settings: {
    path: '/account/settings',
    titleKey: 'settings',
    module: 'settings',
    roles: everyone,
    crumb: { parent: account },
    section: 'account',
  },
  'api-keys': {
    path: '/account/settings/api-keys',
    titleKey: 'apiKeys',
    module: 'api-keys',
    roles: globalAdmins,
    flag: 'interestTracking',
    crumb: { parent: 'settings' },
    section: 'account',
  },

  versions: {
    path: '/versions',
    titleKey: 'versions',
    module: 'versions-list',
    roles: everyone,
    section: 'versions',
  },
  version: {
    path: '/versions/:versionId',
    titleKey: 'version',
    module: 'version-detail',
    roles: everyone,
    params: { versionId: 'version' },
    crumb: { parent: 'versions' },
    section: 'versions',
  },

  // Only while no mail server is configured (docs/decisions.md, Mail).
  'dev-mailbox': {
    path: '/dev/mailbox',
    titleKey: 'devMailbox',
    module: 'dev-mailbox',
    roles: globalAdmins,
    crumb: { labelKey: 'crumbMailbox' },
  },
} satisfies Record<string, PageSpec>;

export type PageId = keyof typeof specs;

/** Every page by id. */
export const pages = Object.fromEntries(Object.entries(specs).map(([id, spec]) => [id, pageEntry(id, spec)])) as {
  readonly [Id in PageId]: (typeof specs)[Id] & { id: Id; readonly title: string };
};

/** Every page, in the site map's order (the main navigation's too). */
export const pageList: readonly PageEntry[] = Object.values(pages);
