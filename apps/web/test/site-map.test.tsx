import { messages } from '@srs/shared/messages';
import type { Role, RoleType } from '@srs/shared/roles';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { collapseTrail } from '../src/app/shell/mobile-breadcrumbs.tsx';
import { setToken } from '../src/lib/session.ts';
import { sitePaths } from '../src/lib/site-map/every-page.ts';
import { navigationFor } from '../src/lib/site-map/navigation.ts';
import { pageList, pages } from '../src/lib/site-map/pages.ts';
import { trailOf } from '../src/lib/site-map/trail.ts';
import { pageMatchAt } from './site-map-support.tsx';
import { instructor, makeToken, renderRoutes, schoolAdmin, stubApi, unexpectedCall } from './support.tsx';

const role = (role_type: RoleType): Role => ({
  id: 1,
  role_type,
  organization_type: null,
  organization_id: null,
  organization_name: null,
});
const user = (...types: RoleType[]) => ({ admin: false, roles: types.map(role) });
const labels = (items: { label: string }[]) => items.map((item) => item.label);
const flagsOff = { interestTracking: false };

describe('main navigation by role (SPEC section 2), from the site map', () => {
  it('gives instructors Dashboard, Students, Reports and Training', () => {
    expect(labels(navigationFor(user('instructor'), flagsOff))).toEqual(['Dashboard', 'Students', 'Reports', 'Training']);
  });
  it('gives school and conference admins the lists too', () => {
    const expected = ['Dashboard', 'Students', 'Instructors', 'Courses', 'Schools', 'Seminars', 'Reports', 'Training'];
    expect(labels(navigationFor(user('school_admin'), flagsOff))).toEqual(expected);
    expect(labels(navigationFor(user('conference_admin'), flagsOff))).toEqual(expected);
  });
  it('gives global admins Reports and Training, and Interest Tracking only with the flag on', () => {
    expect(labels(navigationFor(user('global_admin'), flagsOff))).toEqual(['Reports', 'Training']);
    expect(labels(navigationFor(user('global_admin'), { interestTracking: true }))).toEqual([
      'Interest Tracking',
      'Reports',
      'Training',
    ]);
  });
  it('never lists Settings; each item leads to its page', () => {
    const all = navigationFor({ admin: true, roles: [] }, { interestTracking: true });
    expect(labels(all)).not.toContain('Settings');
    expect(all.find((item) => item.label === 'Students')?.to).toBe('/students');
    expect(all.find((item) => item.label === 'Dashboard')?.to).toBe('/');
  });
});

describe('the site map', () => {
  const routeModules = import.meta.glob('../src/routes/*.tsx');
  const hasModule = (name: string) => `../src/routes/${name}.tsx` in routeModules;

  it('names a route module for every page and every tab', () => {
    for (const page of pageList) {
      expect(hasModule(page.module), page.id).toBe(true);
      for (const tab of page.tabs ?? []) {
        expect(hasModule(tab.module), `${page.id} ${tab.path}`).toBe(true);
      }
    }
  });

  it('hangs every page under a page it has, and names the records of every path parameter', () => {
    for (const page of pageList) {
      const parent = page.crumb?.parent;
      if (typeof parent === 'string') expect(pageList.map((p) => p.id), page.id).toContain(parent);
      const names = [...page.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(page.params ?? {}), page.id).toEqual(names);
    }
  });

  it('makes one route per page, with its tabs as child routes', () => {
    const found = (list: readonly RouteObject[], id: string): RouteObject | undefined =>
      list.map((route) => (route.id === id ? route : found(route.children ?? [], id))).find(Boolean);
    for (const page of pageList) expect(found(routes, page.id), page.id).toBeDefined();
    const student = found(routes, 'student');
    expect(student?.path).toBe('students/:studentId');
    expect(student?.children?.filter((r) => r.path && r.path !== '*').map((r) => r.path)).toEqual(
      pages.student.tabs.map((tab) => tab.path),
    );
  });
});

describe('every address of the site map (what the accessibility sweep opens)', () => {
  it('lists each page, or each tab of a page with tabs, with the records to fill in and the roles', () => {
    const paths = sitePaths();
    const tabs = pageList.reduce((sum, page) => sum + (page.tabs?.length ?? 1), 0);
    expect(paths).toHaveLength(tabs);
    expect(paths).toContainEqual({
      page: 'course-enrollment',
      tab: 'lessons',
      pattern: '/students/:studentId/courses/enrollments/:enrollmentId/lessons',
      params: { studentId: 'student', enrollmentId: 'enrollment' },
      roles: pages['course-enrollment'].roles,
      public: false,
    });
    expect(paths.find((p) => p.page === 'login')).toMatchObject({ pattern: '/login', public: true });
    expect(paths.find((p) => p.page === 'school')?.params).toEqual({ schoolId: 'school' });
  });

  it('is plain data, importable from Node: no JSX, CSS or route module among its imports', async () => {
    const sources = import.meta.glob<string>(
      [
        '../src/lib/site-map/pages.ts',
        '../src/lib/site-map/entries.ts',
        '../src/lib/site-map/types.ts',
        '../src/lib/site-map/every-page.ts',
      ],
      { query: '?raw', import: 'default', eager: true },
    );
    for (const [file, source] of Object.entries(sources)) {
      const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
      for (const specifier of specifiers) {
        expect(specifier, file).toMatch(/^(@srs\/shared\/[\w-]+|@tabler\/icons-react|\.\/[\w-]+\.ts)$/);
      }
      expect(source, file).not.toMatch(/import\(/);
    }
  });
});

describe('breadcrumbs from the site map', () => {
  const enrollmentPage = '/students/28/courses/enrollments/35/lessons';

  it("read 'Student #28' and 'Enrollment #35' until the records load, then their names", () => {
    expect(trailOf(pageMatchAt(enrollmentPage))).toEqual([
      { label: 'Dashboard', to: '/' },
      { label: 'Students', to: '/students' },
      { label: 'Student #28', to: '/students/28' },
      { label: 'Courses', to: '/students/28/courses' },
      { label: 'Enrollment #35', to: '/students/28/courses/enrollments/35' },
      { label: 'Lessons' },
    ]);
    const names = (kind: string, id: number) =>
      kind === 'student' && id === 28 ? 'Maria Lopez' : kind === 'enrollment' && id === 35 ? 'Discover Bible Guides' : undefined;
    expect(trailOf(pageMatchAt(enrollmentPage), names).map((crumb) => crumb.label)).toEqual([
      'Dashboard',
      'Students',
      'Maria Lopez',
      'Courses',
      'Discover Bible Guides',
      'Lessons',
    ]);
  });

  it('a seminar enrollment hangs under the Seminars tab', () => {
    expect(trailOf(pageMatchAt('/students/28/seminars/enrollments/36/visits')).map((c) => c.label)).toEqual([
      'Dashboard',
      'Students',
      'Student #28',
      'Seminars',
      'Enrollment #36',
      'Visits',
    ]);
  });

  it('keep to one line on a phone: past three steps, the parent and the page follow a fold', () => {
    const { hidden, shown } = collapseTrail(trailOf(pageMatchAt(enrollmentPage)));
    expect(hidden.map((crumb) => crumb.label)).toEqual(['Dashboard', 'Students', 'Student #28', 'Courses']);
    expect(shown).toEqual([{ label: 'Enrollment #35', to: '/students/28/courses/enrollments/35' }, { label: 'Lessons' }]);
    expect(collapseTrail(trailOf(pageMatchAt('/students/new'))).hidden).toEqual([]);
  });
});

describe('role gating, in one place for every page (SPEC section 6)', () => {
  const appRoute = (id: string): RouteObject => {
    const search = (list: readonly RouteObject[]): RouteObject | undefined =>
      list.map((route) => (route.id === id ? route : search(route.children ?? []))).find(Boolean);
    const route = search(routes);
    if (!route) throw new Error(`no route ${id}`);
    return { ...route, path: `/${route.path ?? ''}` };
  };

  it('a finished page its role may not open says so, and calls nothing', async () => {
    const api = stubApi(unexpectedCall);
    setToken(makeToken(instructor));
    renderRoutes([appRoute('instructors')], '/instructors');
    expect(await screen.findByRole('heading', { name: messages.notAuthorized })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
    expect(api.calls).toEqual([]);
    vi.unstubAllGlobals();
  });

  it('the same page opens for the roles of its entry', async () => {
    stubApi(() => new Response(JSON.stringify({ users: [], pagination: { page: 1, per_page: 25, total_count: 0, total_pages: 0 } }), { headers: { 'content-type': 'application/json' } }));
    setToken(makeToken(schoolAdmin));
    renderRoutes([appRoute('instructors')], '/instructors');
    expect(await screen.findByRole('heading', { name: 'Instructors' })).toBeInTheDocument();
    expect(screen.queryByText(messages.notAuthorized)).toBeNull();
    vi.unstubAllGlobals();
  });
});
