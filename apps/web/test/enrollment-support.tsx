import type { EnrollmentDetail, NoteItem } from '@srs/shared/enrollments';
import type { TokenUser } from '@srs/shared/roles';
import type { Episode } from '@srs/shared/series';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { beforeAll, vi } from 'vitest';
import { RouteError } from '../src/app/route-error.tsx';
import { routes } from '../src/app/router.tsx';
import { setToken } from '../src/lib/session.ts';
import { instructor, makeToken, mockJsonApi, renderWithAppClient, resetAfterEach } from './support.tsx';

const note = (id: number, type: NoteItem['type'], text: string, created_at = '2024-02-21T10:00:00Z'): NoteItem => ({
  id,
  type,
  text,
  created_at,
  author: { id: 7, first_name: 'Ida', last_name: 'Instructor' },
});

export const lessons: Episode[] = [
  { id: 52, position: 2, name: 'Prayer', date: null, time: null },
  { id: 51, position: 1, name: 'The Bible', date: null, time: null },
  { id: 53, position: 3, name: 'Salvation', date: null, time: null },
];

export function courseEnrollment(overrides: Partial<EnrollmentDetail> = {}): EnrollmentDetail {
  return {
    id: 41,
    permissions: { update: true, destroy: true },
    series_id: 5,
    series_name: 'Discover Bible Guides',
    series_type: 'Course',
    series: { type: 'Course', name: 'Discover Bible Guides' },
    registration_number: '100123',
    lesson_number: 2,
    orphaned: false,
    status: 'Enrolled',
    last_sent_delivery: { date_sent: '2024-03-04' },
    cached_latest_followup_date: '2024-03-04',
    student: { id: 12, first_name: 'Maria', middle_name: null, last_name: 'Lopez' },
    school: { id: 3, school_code: '101', church_name: 'Central Church' },
    instructor: { id: 7, first_name: 'Ida', last_name: 'Instructor' },
    started_on: '2024-01-02',
    needing_followup: true,
    followup_reason: { kind: 'no_contact', days: 40 },
    cached_next_reminder_date: null,
    episode_deliveries: [
      {
        id: 902,
        episode_id: 52,
        episode_name: 'Prayer',
        episode_position: 2,
        date_sent: '2024-03-04',
        date_completed: null,
        delivery_type: 'PD',
        grading_instructor_id: null,
        decisions: [],
        notes: [note(3, 'Note', 'How often should I pray?')],
      },
      {
        id: 901,
        episode_id: 51,
        episode_name: 'The Bible',
        episode_position: 1,
        date_sent: '2024-02-01',
        date_completed: '2024-02-20',
        delivery_type: 'PO',
        grading_instructor_id: null,
        decisions: [{ id: 1, decision_option_id: 71, decision_option_name: 'Accept Jesus as Saviour' }],
        notes: [note(1, 'Note', 'Who wrote the Bible?'), note(2, 'PrayerRequest', 'Pray for my mother.\nShe is ill.')],
      },
    ],
    attendances: [],
    visits: [
      {
        id: 301,
        date: '2024-03-02',
        visitor: { id: 7, first_name: 'Ida', last_name: 'Instructor' },
        decisions: [{ id: 2, decision_option_id: 72, decision_option_name: 'Baptism' }],
        notes: [note(4, 'Note', 'Met the family.')],
      },
    ],
    reminders: [
      { id: 401, date: '2099-01-01', notes: [] },
      { id: 402, date: '2024-03-08', notes: [note(5, 'Note', 'Call about lesson 3.')] },
    ],
    product_deliveries: [
      {
        id: 501,
        product_id: 61,
        product_name: 'Bible',
        delivered_at: '2024-02-03',
        quantity: 2,
        price: '4.5',
        visitor_name: 'Paul Visitor',
        delivery_type: 'IH',
      },
    ],
    ...overrides,
  };
}

export const presentations: Episode[] = [
  { id: 81, position: 1, name: 'Prophecy Opens', date: '2024-04-05', time: '19:00:00' },
  { id: 82, position: 2, name: 'The Sabbath', date: '2024-04-06', time: '18:30:00' },
];

export function seminarEnrollment(overrides: Partial<EnrollmentDetail> = {}): EnrollmentDetail {
  return courseEnrollment({
    id: 42,
    series_id: 6,
    series_name: 'Revelation Seminar',
    series_type: 'Seminar',
    series: { type: 'Seminar', name: 'Revelation Seminar' },
    registration_number: '100124',
    lesson_number: 0,
    status: 'Applied',
    last_sent_delivery: null,
    needing_followup: false,
    episode_deliveries: [],
    attendances: [
      {
        id: 601,
        episode_id: 82,
        episode_name: 'The Sabbath',
        episode_position: 2,
        decisions: [{ id: 3, decision_option_id: 91, decision_option_name: 'Keep the Sabbath' }],
        notes: [note(6, 'Note', 'Asked about Saturday.')],
      },
    ],
    product_deliveries: [],
    ...overrides,
  });
}

/**
 * The enrollment GET and the series' episodes and decisions summary, as the page loads them, and
 * the `extra` handlers (a handler's value is the JSON answer; a Response is sent as is). Every
 * call is recorded; anything else answers 404.
 */
export function enrollmentApi(enrollment: EnrollmentDetail, extra: Record<string, () => unknown> = {}) {
  const episodes = enrollment.series_type === 'Course' ? lessons : presentations;
  const { calls, callsTo } = mockJsonApi({
    [`GET /enrollments/${enrollment.id}`]: () => enrollment,
    [`GET /series/${enrollment.series_id}/episodes`]: () => ({ episodes }),
    [`GET /enrollments/${enrollment.id}/decisions_summary`]: () => ({ decision_options: [] }),
    ...extra,
  });
  return {
    calls,
    writes: () =>
      calls.filter((call) => call.method !== 'GET').map(({ method, path, body }) => ({ method, path, body })),
    count: (method: string, path: string) => callsTo(method, path).length,
  };
}

function findRoute(list: readonly RouteObject[], path: string): RouteObject | undefined {
  for (const route of list) {
    if (route.path === path) return route;
    const inner = route.children && findRoute(route.children, path);
    if (inner) return inner;
  }
  return undefined;
}

/** The app's own enrollment routes (with their tabs and redirects) in a memory router. */
export function renderEnrollmentPage(entry: string, user: TokenUser = instructor) {
  setToken(makeToken(user));
  const page = (kind: string) => {
    const route = findRoute(routes, `students/:studentId/${kind}/enrollments/:enrollmentId`);
    if (!route) throw new Error(`no ${kind} enrollment route`);
    return route;
  };
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        children: [
          page('courses'),
          page('seminars'),
          { path: 'students/:studentId/:tab', element: <p>Student tab</p> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  return renderWithAppClient(router);
}

/** The first look at a page waits for its loader and lazy modules on a busy machine. */
export const loaded = { timeout: 5000 };

/** The route modules load lazily: importing them once up front keeps the first test within its timeouts. */
async function loadEnrollmentRoutes() {
  await Promise.all([
    import('../src/routes/enrollment.tsx'),
    import('../src/routes/enrollment-management.tsx'),
    import('../src/routes/enrollment-lessons.tsx'),
    import('../src/routes/enrollment-presentations.tsx'),
    import('../src/routes/enrollment-decisions.tsx'),
    import('../src/routes/enrollment-questions.tsx'),
    import('../src/routes/enrollment-products.tsx'),
    import('../src/routes/enrollment-reminders.tsx'),
    import('../src/routes/enrollment-visits.tsx'),
  ]);
}

/** The enrollment page tests: generous timeouts, the route modules loaded once, a clean app between tests. */
export function setUpEnrollmentPages() {
  vi.setConfig({ testTimeout: 20_000 });
  beforeAll(loadEnrollmentRoutes, 30_000);
  resetAfterEach();
}
