import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
  useParams,
} from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
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

const studentRoutes: RouteObject[] = [
  { path: 'students', lazy: lazyRoute('students-list', () => import('../routes/students-list.tsx')) },
  building('students/new', {
    title: 'New student',
    about: 'The new-student wizard searches for the person, places them in a school and enrolls them.',
    ...list('Students', '/students'),
  }),
  {
    path: 'students/:studentId',
    lazy: lazyRoute('student-detail', () => import('../routes/student-detail.tsx')),
    children: [
      { index: true, element: <StudentOverviewRedirect /> },
      { path: 'overview', lazy: lazyRoute('student-overview', () => import('../routes/student-overview.tsx')) },
      { path: 'profile', lazy: lazyRoute('student-profile', () => import('../routes/student-profile.tsx')) },
      { path: 'courses', lazy: lazyRoute('student-courses', () => import('../routes/student-courses.tsx')) },
      { path: 'seminars', lazy: lazyRoute('student-seminars', () => import('../routes/student-seminars.tsx')) },
      { path: '*', element: <StudentOverviewRedirect /> },
    ],
  },
  building('students/:studentId/courses/enrollments/:enrollmentId/*', {
    title: 'Course enrollment',
    about:
      'The course enrollment pages hold its management, lessons, decisions, questions, products, reminders and visits.',
    back: (params) => ({ label: 'Back to the student', to: `/students/${params.studentId}/courses` }),
  }),
  building('students/:studentId/seminars/enrollments/:enrollmentId/*', {
    title: 'Seminar enrollment',
    about:
      'The seminar enrollment pages hold its management, presentations, decisions, visits, reminders and products.',
    back: (params) => ({ label: 'Back to the student', to: `/students/${params.studentId}/seminars` }),
  }),
];

const catalogueRoutes: RouteObject[] = [
  { path: 'instructors', lazy: lazyRoute('instructors-list', () => import('../routes/instructors-list.tsx')) },
  building('instructors/new', {
    title: 'New instructor',
    about: 'The form that adds an instructor.',
    ...list('Instructors', '/instructors'),
  }),
  building('instructors/:userId/*', {
    title: 'Instructor',
    about: "The instructor's overview, profile, students and courses.",
    ...list('Instructors', '/instructors'),
  }),
  { path: 'courses', lazy: lazyRoute('courses-list', () => import('../routes/courses-list.tsx')) },
  building('courses/new', {
    title: 'New course',
    about: 'The form that adds a course.',
    ...list('Courses', '/courses'),
  }),
  building('courses/:courseId/*', {
    title: 'Course',
    about: "The course's overview, lessons, decisions, products and schools.",
    ...list('Courses', '/courses'),
  }),
  { path: 'seminars', lazy: lazyRoute('seminars-list', () => import('../routes/seminars-list.tsx')) },
  building('seminars/new', {
    title: 'New seminar',
    about: 'The form that adds a seminar for a school.',
    ...list('Seminars', '/seminars'),
  }),
  building('seminars/:seminarId/*', {
    title: 'Seminar',
    about: "The seminar's details, students, presentations, attendance, decisions, products and tickets.",
    ...list('Seminars', '/seminars'),
  }),
  { path: 'schools', lazy: lazyRoute('schools-list', () => import('../routes/schools-list.tsx')) },
  building('schools/new', {
    title: 'New school',
    about: 'The form that adds a school.',
    ...list('Schools', '/schools'),
  }),
  building('schools/:schoolId/*', {
    title: 'School',
    about: "The school's overview, instructors, courses, seminars and students.",
    ...list('Schools', '/schools'),
  }),
];

const home = list('the dashboard', '/');
const otherRoutes: RouteObject[] = [
  building('interests', {
    title: 'Interest Tracking',
    about: 'The people who asked for Bible studies, with their status.',
    ...home,
  }),
  building('interests/assignments', {
    title: 'Interest assignments',
    about: 'Unassigned interests with their suggested school.',
    ...home,
  }),
  building('interests/tracking', {
    title: 'Interest tracking',
    about: 'The interest funnel per school and month.',
    ...home,
  }),
  building('reports', {
    title: 'Reports',
    about: 'Reports on lessons, decisions, enrollments, products, seminar attendance and follow-up.',
    ...home,
  }),
  building('account/my-account', { title: 'My Account', about: 'Your name, email and profile picture.', ...home }),
  building('account/settings', { title: 'Settings', about: 'Your background image and email preferences.', ...home }),
  building('account/settings/api-keys', { title: 'API Keys', about: 'Named keys for the interest intake.', ...home }),
  building('versions', { title: 'Versions', about: 'The audit trail of every change to a record.', ...home }),
  building('versions/:versionId', {
    title: 'Version',
    about: 'One change to a record, before and after.',
    ...list('Versions', '/versions'),
  }),
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
