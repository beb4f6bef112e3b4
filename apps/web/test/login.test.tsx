import 'fake-indexeddb/auto';
import type { AppConfig } from '@srs/shared/users';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRedirectKey, getSessionUser, setToken, tokenKey } from '../src/lib/session.ts';
import * as login from '../src/routes/login.tsx';
import { appConfig, jsonResponse, makeToken, renderRoutes, setCookie } from './support.tsx';

vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));

function renderLogin(entry: string, config: AppConfig = appConfig) {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockImplementation(async () => jsonResponse(config)),
  );
  return renderRoutes(
    [
      { path: '/login', loader: login.loader, Component: login.Component },
      { path: '/', element: <p>Dashboard page</p> },
      { path: '/students', element: <p>Students page</p> },
    ],
    entry,
  );
}

describe('login page (SPEC section 2 and 4)', () => {
  const submitted = vi.fn();
  const onSubmit = (event: Event) => {
    event.preventDefault();
    submitted((event.target as HTMLFormElement).getAttribute('action'));
  };
  beforeEach(() => document.addEventListener('submit', onSubmit));
  afterEach(() => {
    document.removeEventListener('submit', onSubmit);
    vi.unstubAllGlobals();
    submitted.mockReset();
  });

  it('shows the title, Sign In, the other-account link and the account guidance', async () => {
    renderLogin('/login');
    expect(await screen.findByRole('heading', { name: 'Student Records System' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with a different account' })).toBeInTheDocument();
    expect(screen.getByText('Need an account?')).toBeInTheDocument();
    expect(screen.getByText(/contact your coordinator/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'support@schools.test' })).toHaveAttribute(
      'href',
      'mailto:support@schools.test',
    );
    expect(screen.getByText('View Progress')).toBeInTheDocument();
    expect(screen.getByText('Detailed Reports')).toBeInTheDocument();
    expect(screen.getByText('Export Data')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submitted).not.toHaveBeenCalled();
  });

  // Issue 30's review: a session that ended with records waiting on the phone sent the person to
  // this page, which said nothing of them; anyone else signing in removes them.
  it('says how many records wait on this phone to be sent, and that signing in again sends them', async () => {
    const { putRows, stores, emptyPhoneStore } = await import('../src/lib/offline/phone-store.ts');
    await putRows(stores.writes, [{ key: 'k1' }, { key: 'k2' }]);
    try {
      renderLogin('/login');
      expect(await screen.findByText('2 records waiting to be sent')).toBeInTheDocument();
      expect(screen.getByText('Sign in again to send them.')).toBeInTheDocument();
    } finally {
      await emptyPhoneStore();
    }
  });

  it('says nothing of records when none wait', async () => {
    renderLogin('/login');
    await screen.findByRole('heading', { name: 'Student Records System' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();
  });

  it('shows the message parameter in red', async () => {
    renderLogin('/login?message=Your%20account%20is%20disabled');
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Your account is disabled');
    expect(message).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
  });

  it('Sign In is a form POST to the sign-in endpoint', async () => {
    renderLogin('/login');
    const form = (await screen.findByRole('button', { name: 'Sign In' })).closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/users/auth/auth0');
  });

  it('goto_login=true submits the sign-in form at once', async () => {
    renderLogin('/login?goto_login=true');
    await waitFor(() => expect(submitted).toHaveBeenCalledWith('/api/users/auth/auth0'));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('logged_in=true moves the cookie token into the session and goes to the saved path', async () => {
    const token = makeToken();
    setCookie(`user_token=${token}; path=/`);
    localStorage.setItem(authRedirectKey, '/students?page=2');
    const { router } = renderLogin('/login?logged_in=true');
    expect(await screen.findByText('Students page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(localStorage.getItem(tokenKey)).toBe(token);
    expect(localStorage.getItem(authRedirectKey)).toBeNull();
    expect(document.cookie).not.toContain('user_token=ey');
  });

  it('logged_in=true goes to / without a saved path', async () => {
    setCookie(`user_token=${makeToken()}; path=/`);
    renderLogin('/login?logged_in=true');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('a corrupt cookie token leaves the user on the login page', async () => {
    setCookie('user_token=not-a-token; path=/');
    renderLogin('/login?logged_in=true');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(getSessionUser()).toBeNull();
  });

  it('a signed-in user goes on to the saved redirect', async () => {
    setToken(makeToken());
    localStorage.setItem(authRedirectKey, '/students');
    renderLogin('/login');
    expect(await screen.findByText('Students page')).toBeInTheDocument();
  });

  it('shows the demo accounts and password in demo mode', async () => {
    renderLogin('/login', { ...appConfig, demo_accounts: ['instructor@demo.test'], demo_password: 'demo-password' });
    expect(await screen.findByText('instructor@demo.test')).toBeInTheDocument();
    expect(screen.getByText('demo-password')).toBeInTheDocument();
  });
});
