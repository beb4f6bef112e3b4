import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';

/**
 * Public routes: the sign-in flow, the configuration the sign-in page needs, and 'Need an account?'
 * (the request and the school lookup it picks from, both rate-limited).
 */
const publicRoutes = new Set([
  'GET /api/config',
  'POST /api/signup',
  'GET /api/signup/schools',
  'POST /api/users/auth/auth0',
  'GET /api/users/auth/url',
  'GET /api/users/auth/callback',
]);

describe('every API route is signed-in by default', () => {
  let t: TestContext;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
  });
  afterAll(async () => t.close());

  it('documents the API routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it('sends a browser asking for /favicon.ico to the icon', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/favicon.svg');
  });

  it('answers 401 to a signed-out call of every route that is not public', async () => {
    const open: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (publicRoutes.has(key)) continue;
      const url = route.path.replace(/\{[^}]+\}/g, '1');
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      if (response.statusCode !== 401) open.push(`${key} → ${response.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('answers 401 to a forged token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 with JSON for an unknown API path and serves the web app elsewhere', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not Found' });
    // An old chunk after a deploy must fail as a script, never come back as index.html.
    const chunk = await t.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(chunk.statusCode).toBe(404);
    expect(String(chunk.headers['content-type'])).not.toContain('text/html');
  });
});
