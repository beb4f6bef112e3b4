import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@srs/shared/messages';
import { logOut, signInWithDifferentAccount } from '../src/features/auth/api.ts';
import { setToken, tokenKey } from '../src/lib/session.ts';
import { jsonResponse, makeToken } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));
/** Whether the session was still there when the phone was emptied (issue 30). */
const tokenWhenPhoneEmptied: (string | null)[] = [];
vi.mock('../src/lib/offline/on-phone.ts', () => ({
  forgetPhone: async () => {
    tokenWhenPhoneEmptied.push(localStorage.getItem('tk'));
  },
}));

const { showError, showHandlerError } = await import('../src/lib/toasts.ts');
const { goTo } = await import('../src/lib/browser.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('sign-in URL and log out (SPEC section 7 and 8)', () => {
  it("'Sign in with a different account' asks with only_oauth=true and goes to data.url", async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ url: 'http://idp.test/auth?prompt=login' }));
    vi.stubGlobal('fetch', fetchMock);
    await signInWithDifferentAccount();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/auth/url?only_oauth=true');
    expect(goTo).toHaveBeenCalledWith('http://idp.test/auth?prompt=login');
  });

  it('a failed sign-in URL request shows the server error text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ error: 'Provider unavailable' }, 503)));
    await signInWithDifferentAccount();
    expect(showError).toHaveBeenCalledWith('Provider unavailable');
    expect(showHandlerError).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('log out clears the session and goes to the url from the server', async () => {
    setToken(makeToken());
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ url: '/idp/session/end' }));
    vi.stubGlobal('fetch', fetchMock);
    await logOut();
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(localStorage.getItem(tokenKey)).toBeNull();
    expect(goTo).toHaveBeenCalledWith('/idp/session/end');
  });

  it('log out empties the phone while the session is still there, so no page switches to /login before the browser leaves', async () => {
    const token = makeToken();
    setToken(token);
    tokenWhenPhoneEmptied.length = 0;
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ url: '/idp/session/end' })));
    await logOut();
    expect(tokenWhenPhoneEmptied).toEqual([token]);
    expect(localStorage.getItem(tokenKey)).toBeNull();
    expect(goTo).toHaveBeenCalledWith('/idp/session/end');
  });

  it('a failed log out shows the server error text and keeps the session', async () => {
    const token = makeToken();
    setToken(token);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ error: 'Try again later' }, 500)));
    await logOut();
    expect(showError).toHaveBeenCalledWith('Try again later');
    expect(localStorage.getItem(tokenKey)).toBe(token);
  });

  // Issue 30: Log out without a signal says what SPEC section 8 says of no response, and keeps the session.
  it('without a signal says Something went wrong., and keeps the session', async () => {
    const token = makeToken();
    setToken(token);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await logOut();
    } finally {
      onLine.mockRestore();
    }
    expect(showError).toHaveBeenCalledWith(messages.somethingWentWrong);
    expect(localStorage.getItem(tokenKey)).toBe(token);
  });
});
