import { messages } from '@srs/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyRoute } from '../src/app/lazy-route.ts';
import { RouteError } from '../src/app/route-error.tsx';
import { requireSession } from '../src/app/router.tsx';
import { HttpError } from '../src/lib/http-errors.ts';
import { authRedirectKey, setToken } from '../src/lib/session.ts';
import { makeToken, renderRoutes } from './support.tsx';

describe('protected routes (SPEC section 4)', () => {
  const routes = [
    { path: '/login', element: <p>Login page</p> },
    { path: '/students', loader: requireSession, element: <p>Students page</p> },
  ];

  it('a signed-out visit saves the path and query, then goes to /login', async () => {
    renderRoutes(routes, '/students?section=mine&page=2');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem(authRedirectKey)).toBe('/students?section=mine&page=2');
  });

  it('a signed-in visit shows the page', async () => {
    setToken(makeToken());
    renderRoutes(routes, '/students');
    expect(await screen.findByText('Students page')).toBeInTheDocument();
  });
});

describe('route errors', () => {
  it('a chunk that fails to load says so and offers Reload', async () => {
    const load = lazyRoute('students-list', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(load()).rejects.toThrow(messages.chunkFailed('students-list'));
    renderRoutes([{ path: '/', lazy: load, errorElement: <RouteError /> }], '/');
    expect(await screen.findByText('Loading chunk students-list failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('a chunk that stalls fails after the timeout', async () => {
    vi.useFakeTimers();
    const pending = lazyRoute('reports', () => new Promise<never>(() => {}), 120_000)();
    vi.advanceTimersByTime(120_000);
    await expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    vi.useRealTimers();
  });

  it('a record that fails to load shows Error Loading Content with the message', async () => {
    renderRoutes(
      [
        {
          path: '/students/:id',
          loader: () => {
            throw new HttpError('Student not found', 404, { error: 'Student not found' });
          },
          element: <p>never</p>,
          errorElement: <RouteError />,
        },
      ],
      '/students/9',
    );
    expect(await screen.findByText(messages.errorLoadingContent)).toBeInTheDocument();
    expect(screen.getByText('Student not found')).toBeInTheDocument();
  });

  it('falls back to Failed to load content', async () => {
    renderRoutes(
      [
        {
          path: '/',
          loader: () => {
            throw new Error('');
          },
          element: <p>never</p>,
          errorElement: <RouteError />,
        },
      ],
      '/',
    );
    expect(await screen.findByText(messages.failedToLoadContent)).toBeInTheDocument();
  });
});
