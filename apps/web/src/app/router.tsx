import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
  useParams,
} from 'react-router';
import { admins, everyone, quickCreateMenu, type QuickCreateItem, schoolAndConferenceAdmins } from '@srs/shared/roles';
import { PageLoader } from '../components/page-loader.tsx';
import { courseEnrollmentPath, seminarEnrollmentPath } from '../lib/sections.ts';
import { getSessionUser, setAuthRedirect } from '../lib/session.ts';
import type { InProgressHandle } from './in-progress-handle.ts';
import { lazyRoute } from './lazy-route.ts';
import { RouteError } from './route-error.tsx';

/** SPEC section 4: a signed-out visit saves the path and query, then goes to /login. */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (getSessionUser()) return null;
  const url = new URL(request.url);
  setAuthRedirect(`${url.pathname}${url.search}`);
  throw redirect('/login');
}

const inProgress = lazyRoute('section-in-progress', () => import('../routes/section-in-progress.tsx'));

/** The roles of a quick-create entry: who may open the page it leads to. */
const quickCreateRoles = (key: QuickCreateItem['key']) =>
  quickCreateMenu.find((item) => item.key === key)?.roles ?? [];

/** A route whose screen a later release builds: an honest page that says so and links back. */
function building(path: string, handle: InProgressHandle): RouteObject {
  return { path, lazy: inProgress, handle };
}

/** /students/{id} opens on its overview tab. */
function StudentOverviewRedirect() {
  const { studentId } = useParams();
  return <Navigate to={`/students/${studentId}/overview`} replace />;
}

const list = (label: string, to: string) => ({ back: { label: `Back to ${label}`, to } });

type EnrollmentKind = 'courses' | 'seminars';

/** SPEC section 2: a course enrollment opens on its lessons tab, a seminar enrollment on its presentations tab. */
function EnrollmentTabRedirect({ kind }: { kind: EnrollmentKind }) {
  const { studentId = '', enrollmentId = '' } = useParams();
  const path = kind === 'courses' ? courseEnrollmentPath : seminarEnrollmentPath;
  return <Navigate to={path(studentId, enrollmentId)} replace />;
}

const enrollmentTabRoutes = {
  management: lazyRoute('enrollment-management', () => import('../routes/enrollment-management.tsx')),
  lessons: lazyRoute('enrollment-lessons', () => import('../routes/enrollment-lessons.tsx')),
  presentations: lazyRoute('enrollment-presentations', () => import('../routes/enrollment-presentations.tsx')),
  decisions: lazyRoute('enrollment-decisions', () => import('../routes/enrollment-decisions.tsx')),
  questions: lazyRoute('enrollment-questions', () => import('../routes/enrollment-questions.tsx')),
  products: lazyRoute('enrollment-products', () => import('../routes/enrollment-products.tsx')),
  reminders: lazyRoute('enrollment-reminders', () => import('../routes/enrollment-reminders.tsx')),
  visits: lazyRoute('enrollment-visits', () => import('../routes/enrollment-visits.tsx')),
};

/** The enrollment page and its tabs; an unknown tab goes to the default one. */
function enrollmentRoute(kind: EnrollmentKind, tabs: readonly (keyof typeof enrollmentTabRoutes)[]): RouteObject {
  return {
    path: `students/:studentId/${kind}/enrollments/:enrollmentId`,
    lazy: lazyRoute('enrollment', () => import('../routes/enrollment.tsx')),
    children: [
      { index: true, element: <EnrollmentTabRedirect kind={kind} /> },
      ...tabs.map((tab) => ({ path: tab, lazy: enrollmentTabRoutes[tab] })),
      { path: '*', element: <EnrollmentTabRedirect kind={kind} /> },
    ],
  };
}

const studentRoutes: RouteObject[] = [
  { path: 'students', lazy: lazyRoute('students-list', () => import('../routes/students-list.tsx')) },
  { path: 'students/new', lazy: lazyRoute('student-new', () => import('../routes/student-new.tsx')) },
  {
    path: 'students/:studentId',
    lazy: lazyRoute('student-detail', () => import('../routes/student-detail.tsx')),
    children: [
      { index: true, element: <StudentOverviewRedirect /> },
      { path: 'overview', lazy: lazyRoute('student-overview', () => import('../routes/student-overview.tsx')) },
      { path: 'profile', lazy: lazyRoute('student-profile', () => import('../routes/student-profile.tsx')) },
      { path: 'courses', lazy: lazyRoute('student-courses', () => import('../routes/student-courses.tsx')) },
      { path: 'seminars', lazy: lazyRoute('student-seminars', () => import('../routes/student-seminars.tsx')) },
      { path: 'decisions', lazy: lazyRoute('student-decisions', () => import('../routes/student-decisions.tsx')) },
      { path: 'products', lazy: lazyRoute('student-products', () => import('../routes/student-products.tsx')) },
      { path: 'notes', lazy: lazyRoute('student-notes', () => import('../routes/student-notes.tsx')) },
      { path: '*', element: <StudentOverviewRedirect /> },
    ],
  },
  enrollmentRoute('courses', ['management', 'lessons', 'decisions', 'questions', 'products', 'reminders', 'visits']),
  enrollmentRoute('seminars', ['management', 'presentations', 'decisions', 'visits', 'reminders', 'products']),
];

const catalogueRoutes: RouteObject[] = [
  { path: 'instructors', lazy: lazyRoute('instructors-list', () => import('../routes/instructors-list.tsx')) },
  building('instructors/new', {
    roles: quickCreateRoles('instructor'),
    title: 'New instructor',
    about: 'The form that adds an instructor.',
    ...list('Instructors', '/instructors'),
  }),
  building('instructors/:userId/*', {
    roles: admins,
    title: 'Instructor',
    about: "The instructor's overview, profile, students and courses.",
    ...list('Instructors', '/instructors'),
  }),
  { path: 'courses', lazy: lazyRoute('courses-list', () => import('../routes/courses-list.tsx')) },
  building('courses/new', {
    roles: schoolAndConferenceAdmins,
    title: 'New course',
    about: 'The form that adds a course.',
    ...list('Courses', '/courses'),
  }),
  building('courses/:courseId/*', {
    roles: admins,
    title: 'Course',
    about: "The course's overview, lessons, decisions, products and schools.",
    ...list('Courses', '/courses'),
  }),
  { path: 'seminars', lazy: lazyRoute('seminars-list', () => import('../routes/seminars-list.tsx')) },
  building('seminars/new', {
    roles: quickCreateRoles('seminar'),
    title: 'New seminar',
    about: 'The form that adds a seminar for a school.',
    ...list('Seminars', '/seminars'),
  }),
  building('seminars/:seminarId/*', {
    roles: admins,
    title: 'Seminar',
    about: "The seminar's details, students, presentations, attendance, decisions, products and tickets.",
    ...list('Seminars', '/seminars'),
  }),
  { path: 'schools', lazy: lazyRoute('schools-list', () => import('../routes/schools-list.tsx')) },
  building('schools/new', {
    roles: quickCreateRoles('school'),
    title: 'New school',
    about: 'The form that adds a school.',
    ...list('Schools', '/schools'),
  }),
  building('schools/:schoolId/*', {
    roles: admins,
    title: 'School',
    about: "The school's overview, instructors, courses, seminars and students.",
    ...list('Schools', '/schools'),
  }),
];

const home = list('the dashboard', '/');
const otherRoutes: RouteObject[] = [
  building('interests', {
    roles: ['global_admin'],
    title: 'Interest Tracking',
    about: 'The people who asked for Bible studies, with their status.',
    ...home,
  }),
  building('interests/assignments', {
    roles: ['global_admin'],
    title: 'Interest assignments',
    about: 'Unassigned interests with their suggested school.',
    ...home,
  }),
  building('interests/tracking', {
    roles: ['global_admin'],
    title: 'Interest tracking',
    about: 'The interest funnel per school and month.',
    ...home,
  }),
  building('reports', {
    roles: everyone,
    title: 'Reports',
    about: 'Reports on lessons, decisions, enrollments, products, seminar attendance and follow-up.',
    ...home,
  }),
  building('account/my-account', { title: 'My Account', about: 'Your name, email and profile picture.', roles: everyone, ...home }),
  building('account/settings', {
    title: 'Settings',
    about: 'Your background image and email preferences.',
    roles: everyone,
    ...home,
  }),
  building('account/settings/api-keys', {
    title: 'API Keys',
    about: 'Named keys for the interest intake.',
    roles: ['global_admin'],
    ...home,
  }),
  building('versions', { title: 'Versions', about: 'The audit trail of every change to a record.', roles: everyone, ...home }),
  building('versions/:versionId', {
    roles: everyone,
    title: 'Version',
    about: 'One change to a record, before and after.',
    ...list('Versions', '/versions'),
  }),
  { path: 'dev/mailbox', lazy: lazyRoute('dev-mailbox', () => import('../routes/dev-mailbox.tsx')) },
];

export const routes: RouteObject[] = [
  {
    path: '/login',
    lazy: lazyRoute('login', () => import('../routes/login.tsx')),
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
  },
  {
    id: 'shell',
    loader: requireSession,
    lazy: lazyRoute('shell', () => import('./shell/app-shell.tsx')),
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    // Revalidating on every search change would only re-read localStorage.
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyRoute('dashboard', () => import('../routes/dashboard.tsx')) },
          ...studentRoutes,
          ...catalogueRoutes,
          ...otherRoutes,
        ],
      },
    ],
  },
  { path: '*', loader: () => redirect('/login'), hydrateFallbackElement: <PageLoader /> },
];

export const router = createBrowserRouter(routes);
