import { MantineProvider } from '@mantine/core';
import type { TokenUser } from '@srs/shared/roles';
import type { AppConfig } from '@srs/shared/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../src/app/query-client.ts';

export const instructor: TokenUser = {
  id: 7,
  first_name: 'Ida',
  last_name: 'Instructor',
  email: 'instructor@demo.test',
  admin: false,
  roles: [
    { id: 1, role_type: 'instructor', organization_type: 'School', organization_id: 3, organization_name: 'Central' },
  ],
};

export const schoolAdmin: TokenUser = {
  id: 2,
  first_name: 'Sam',
  last_name: 'Admin',
  email: 'school.admin@demo.test',
  admin: false,
  roles: [
    { id: 2, role_type: 'school_admin', organization_type: 'School', organization_id: 3, organization_name: 'Central' },
  ],
};

export const appConfig: AppConfig = {
  support_email: 'support@schools.test',
  training_url: 'https://training.test',
  help_guide_url: 'https://help.test',
  demo_accounts: [],
  demo_password: null,
  features: { interest_tracking: false },
  default_background_image_url: '/backgrounds/default.svg',
  min_search_length: 2,
};

function base64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token shaped like the server's: header.payload.signature, the payload holding the user. */
export function makeToken(user: TokenUser = instructor, exp = Math.floor(Date.now() / 1000) + 3600): string {
  return `${base64Url('{"alg":"ES256"}')}.${base64Url(JSON.stringify({ user, exp, jti: 'j1' }))}.c2lnbmF0dXJl`;
}

export function jsonResponse(body: unknown, status = 200, statusText = ''): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

/** A call the test did not expect fails loudly, so that a test never passes on a request it did not mean. */
export const unexpectedCall = ({ method, path }: { method: string; path: string }) =>
  jsonResponse({ error: `unexpected ${method} ${path}` }, 500, 'Internal Server Error');

export type ApiCall<Body = unknown> = { method: string; path: string; search: URLSearchParams; body: Body };

/**
 * Stubs fetch: each call is read as its method, its path after /api, its query and its JSON body
 * (`noBody` when it sends none), recorded, and answered by `answer`.
 */
export function stubApi<Body = unknown>(
  answer: (call: ApiCall<Body>) => Response | Promise<Response>,
  noBody?: Body,
) {
  const calls: ApiCall<Body>[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall<Body> = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      search: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Body) : (noBody as Body),
    };
    calls.push(call);
    return answer(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, fetchMock, callsTo };
}

/**
 * Answers the API from 'METHOD /path' handlers: a Response is sent as it is, anything else as
 * JSON. Any other call answers 404.
 */
export function mockJsonApi(handlers: Record<string, (call: ApiCall) => unknown>) {
  return stubApi((call) => {
    const handler = handlers[`${call.method} ${call.path}`];
    if (!handler) return jsonResponse({ error: 'Not found' }, 404, 'Not Found');
    const answer = handler(call);
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
}

export function Wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders routes in a memory router inside the app's providers. */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return { router, ...view };
}

/** Renders a router with the app's own query client, which the route loaders prefetch into. */
export function renderWithAppClient(router: ReturnType<typeof createMemoryRouter>) {
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, ...view };
}

/** The app's query client is shared by every test of a file: each test starts with an empty cache, fetch and mocks. */
export function resetAfterEach() {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });
}

/** Sets a cookie the way the server's redirect after sign-in does. */
export function setCookie(cookie: string) {
  // the test plays the server's Set-Cookie.
  document.cookie = cookie;
}
