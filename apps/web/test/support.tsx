import { MantineProvider } from '@mantine/core';
import type { TokenUser } from '@srs/shared/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

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

/** Sets a cookie the way the server's redirect after sign-in does. */
export function setCookie(cookie: string) {
  // the test plays the server's Set-Cookie.
  document.cookie = cookie;
}
