// The load scenarios of issue 10: search by role, records by id, the dashboard's calls, the
// follow-up list for every role, and deep pages.
import { reportDefinitions } from '@srs/shared/reports';
import type { Database } from '../../apps/server/src/db/client.ts';
import { type Context, runPair } from './pair.ts';
import { busiestCourse, enrollmentIds, fullNames, registrationNumbers, studentIds } from './picks.ts';
import type { Roles, Staff } from './tokens.ts';
import { terms3, terms5 } from '../support/search-terms.ts';


/** The student list as its page asks for it (features/students/api.ts): sort, section, 25 a page. */
const listTail = 'sortBy=name&orderBy=asc&section=all&page=1&per_page=25';
export const searchPath = (text: string) =>
  `/api/students?${text
    .split(/\s+/)
    .map((word) => `full_name_i_cont_all[]=${encodeURIComponent(word)}`)
    .join('&')}&${listTail}`;
const registrationPath = (number: string) => `/api/students?enrollments_registration_number_eq=${number}&${listTail}`;

export async function searchScenarios(context: Context, database: Database, roles: Roles): Promise<void> {
  for (const staff of [roles.global, roles.conference, roles.school, roles.instructor]) {
    const names = await fullNames(database, staff, 15);
    const numbers = await registrationNumbers(database, staff, 30);
    const searches: [string, string[]][] = [
      ['search, 3-letter term', terms3.map(searchPath)],
      ['search, 5-letter term', terms5.map(searchPath)],
      ['search, first and last name', names.map(searchPath)],
      ['search, registration number', numbers.map(registrationPath)],
    ];
    // Each 3-letter term alone too (issue 28): a frequent one must not hide behind a rare one.
    for (const term of terms3) searches.push([`term '${term}' alone`, [searchPath(term)]]);
    for (const [scenario, paths] of searches) {
      await runPair(context, { group: 'search', scenario: `GET /students ${scenario}`, staff, connections: 10, paths });
    }
  }
}

export async function recordScenarios(context: Context, database: Database, staff: Staff): Promise<void> {
  const students = await studentIds(database, staff, 500);
  const enrollments = await enrollmentIds(database, staff, 500);
  await runPair(context, {
    group: 'by id',
    scenario: 'GET /students/{id}',
    staff,
    connections: 50,
    paths: students.map((id) => `/api/students/${id}`),
  });
  await runPair(context, {
    group: 'by id',
    scenario: 'GET /enrollments/{id}',
    staff,
    connections: 50,
    paths: enrollments.map((id) => `/api/enrollments/${id}`),
  });
}

const followupPath = '/api/enrollments/needing_followup?page=1&per_page=100';
const dashboardList = 'page=1&per_page=100&sortBy=name&orderBy=asc';
const count = 'page=1&per_page=1';

/** What the dashboard asks for (routes/dashboard-desktop.tsx and dashboard-mobile.tsx). */
export const dashboardPaths = (admin: boolean) => [
  followupPath,
  `/api/series?type=Course&${dashboardList}`,
  `/api/series?type=Seminar&${dashboardList}`,
  `/api/students?enrollments_series_type_eq=Course&section=all&sortBy=name&orderBy=asc&${count}`,
  `/api/students?enrollments_series_type_eq=Seminar&section=all&sortBy=name&orderBy=asc&${count}`,
  `/api/students?section=all&sortBy=name&orderBy=asc&${count}`,
  `/api/students?enrollments_needing_followup_eq=true&section=all&sortBy=name&orderBy=asc&${count}`,
  ...(admin ? [`/api/users?role=instructor&${dashboardList}`, `/api/users?role=instructor&${count}`] : []),
];

export async function dashboardScenarios(context: Context, roles: Roles): Promise<void> {
  for (const staff of [roles.global, roles.school]) {
    const [followup, courses, seminars, ...rest] = dashboardPaths(true);
    const counts = rest.filter((path) => path.endsWith(count));
    const instructors = rest.filter((path) => !path.endsWith(count));
    const groups: [string, string[]][] = [
      ['GET /enrollments/needing_followup', [followup as string]],
      ['GET /series courses and seminars (100)', [courses as string, seminars as string]],
      ['GET /users?role=instructor (100)', instructors],
      ['dashboard counts (per_page=1, 5 calls)', counts],
    ];
    for (const [scenario, paths] of groups) {
      await runPair(context, { group: 'dashboard', scenario, staff, connections: 10, paths });
    }
  }
  for (const staff of [roles.conference, roles.instructor]) {
    await runPair(context, {
      group: 'dashboard',
      scenario: 'GET /enrollments/needing_followup',
      staff,
      connections: 10,
      paths: [followupPath],
    });
  }
}

/**
 * The follow-up roll-up (issue 11: a report's p95 at most 300 ms), at each role's usual level, by
 * 2 clients: coordinators open a report now and then, where staff search all day.
 */
/** The groupings of each report over a period that the baseline answers too (baseline/period-reports.ts). */
const baselineGroups: Record<string, string[]> = {
  lessons: ['course', 'school', 'instructor'],
  turnaround: ['delivery_type', 'school', 'instructor'],
  decisions: ['option'],
  enrollments: ['series'],
  products: ['product'],
  attendance: ['presentation'],
};

export async function reportScenarios(context: Context, database: Database, roles: Roles): Promise<void> {
  const cases: [Staff, string][] = [
    [roles.global, 'conference'],
    [roles.global, 'school'],
    [roles.conference, 'school'],
    [roles.school, 'instructor'],
    [roles.instructor, 'instructor'],
  ];
  for (const [staff, group] of cases) {
    await runPair(context, {
      group: 'reports',
      scenario: `GET /reports/followup by ${group}`,
      staff,
      connections: 2,
      paths: [`/api/reports/followup?group=${group}`],
    });
  }
  // Every report over a period by each of its groupings (issue 28), for the network and for a
  // conference, this quarter (the page's first period) and over the last twelve whole months. The
  // baseline answers the groupings it has (baseline/period-reports.ts); the others are the app's alone.
  const now = new Date();
  const quarter = now.getMonth() - (now.getMonth() % 3);
  const day = (month: number, date: number) => {
    const at = new Date(now.getFullYear(), month, date);
    return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  };
  const periods: [string, string][] = [
    ['this quarter', `from=${day(quarter, 1)}&to=${day(quarter + 3, 0)}`],
    ['12 months', `from=${day(now.getMonth() - 12, 1)}&to=${day(now.getMonth(), 0)}`],
  ];
  for (const [kind, definition] of Object.entries(reportDefinitions)) {
    if (kind === 'followup') continue;
    for (const group of Object.keys(definition.groups)) {
      for (const [periodName, period] of periods) {
        for (const staff of [roles.global, roles.conference]) {
          await runPair(context, {
            group: 'reports',
            scenario: `GET /reports/${kind} by ${group} ${periodName}`,
            staff,
            connections: 2,
            paths: [`/api/reports/${kind}?${period}&group=${group}`],
            baseline: baselineGroups[kind]?.includes(group) ?? false,
          });
        }
      }
    }
  }
  // The lessons by instructor narrowed to the network's busiest course, its first lesson (every
  // student of the course is sent it) or one delivery type: the filters no count was kept for
  // before migrations 0039-0041 (2-4 s in-process). The app's alone.
  const busiest = await busiestCourse(database);
  const filters: [string, string][] = [
    ['of the busiest course', `series_id=${busiest.series}`],
    ['of its first lesson', `episode_id=${busiest.episode}`],
    ['sent by post', 'delivery_type=PO'],
  ];
  for (const kind of ['lessons', 'turnaround']) {
    for (const [filterName, filter] of filters) {
      for (const [periodName, period] of periods) {
        await runPair(context, {
          group: 'reports',
          scenario: `GET /reports/${kind} by instructor ${filterName} ${periodName}`,
          staff: roles.global,
          connections: 2,
          paths: [`/api/reports/${kind}?${period}&group=instructor&${filter}`],
          baseline: false,
        });
      }
    }
  }
}
