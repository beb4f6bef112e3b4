import { messages } from '@srs/shared/messages';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/app/query-client.ts';
import { routes } from '../src/app/router.tsx';
import { canOpen } from '../src/lib/site-map/page-match.ts';
import { pages } from '../src/lib/site-map/pages.ts';
import { setToken } from '../src/lib/session.ts';
import { appConfig, instructor, makeToken, mockJsonApi, renderRoutes, schoolAdmin } from './support.tsx';

/** The app's route of that path, found in the shell's children, with its handle and page. */
function appRoute(path: string): RouteObject {
  const search = (list: RouteObject[]): RouteObject | undefined =>
    list.map((route) => (route.path === path ? route : search(route.children ?? []))).find(Boolean);
  const found = search(routes);
  if (!found) throw new Error(`no route ${path}`);
  return { ...found, path: `/${path}` };
}

const globalAdminRole = {
  id: 9,
  role_type: 'global_admin',
  organization_type: null,
  organization_id: null,
  organization_name: null,
} as const;

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the gate of a page (SPEC section 6)', () => {
  it("tell a user without the page's role that they are not authorized", async () => {
    setToken(makeToken(instructor));
    renderRoutes([appRoute('schools/:schoolId')], '/schools/3/overview');
    expect(await screen.findByRole('heading', { name: messages.notAuthorized })).toBeInTheDocument();
    expect(screen.queryByText(/being built/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
  });

  it('of a feature that is off do not exist, and ask the server nothing of it', async () => {
    setToken(makeToken({ ...instructor, roles: [{ ...globalAdminRole }] }));
    const api = mockJsonApi({ 'GET /config': () => appConfig });
    for (const path of ['account/settings/api-keys', 'interests', 'interests/assignments', 'interests/tracking']) {
      const view = renderRoutes([appRoute(path)], `/${path}`);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      view.unmount();
    }
    expect(api.calls.map((call) => call.path)).toEqual(['/config']);
  });

  it('open for global admins wherever an admin link leads (a school, a course, a seminar or an instructor)', () => {
    const globalAdmin = { admin: false, roles: [{ ...globalAdminRole }] };
    for (const id of ['school', 'course', 'seminar', 'instructor', 'school-new', 'course-new', 'seminar-new'] as const) {
      expect(canOpen(globalAdmin, pages[id]), id).toBe(true);
      expect(canOpen({ admin: false, roles: [...instructor.roles] }, pages[id]), id).toBe(false);
    }
  });

  it('keep the quick-create roles: only global admins may open the new-school page', async () => {
    setToken(makeToken(schoolAdmin));
    renderRoutes([appRoute('schools/new')], '/schools/new');
    expect(await screen.findByRole('heading', { name: messages.notAuthorized })).toBeInTheDocument();
  });
});
