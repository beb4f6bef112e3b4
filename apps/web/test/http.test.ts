import { accountEndpoints } from '@srs/shared/endpoints/account';
import { messages, renewedTokenHeader } from '@srs/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '@srs/shared/endpoints/auth';
import { enrollmentEndpoints } from '@srs/shared/endpoints/enrollments';
import { seriesEndpoints } from '@srs/shared/endpoints/series';
import { studentEndpoints } from '@srs/shared/endpoints/students';
import { call, toQueryString } from '../src/lib/http.ts';
import { HttpError, handlerMessage } from '../src/lib/http-errors.ts';
import { authRedirectKey, getToken, setToken, tokenKey } from '../src/lib/session.ts';
import { instructor, jsonResponse, makeToken, schoolAdmin } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));

const { showHandlerError } = await import('../src/lib/toasts.ts');
const { goTo } = await import('../src/lib/browser.ts');
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/students?page=3');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function failWith(response: Response | Error): Promise<HttpError> {
  if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
  else fetchMock.mockResolvedValueOnce(response);
  return call(studentEndpoints.list).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: HttpError) => error,
  );
}

describe('the shared error handler (SPEC section 8)', () => {
  it.each([
    [408, null, '', messages.requestTimeout],
    [404, { error: 'Student not found' }, 'Not Found', messages.somethingWentWrong],
    [500, { error: 'Internal Server Error' }, 'Internal Server Error', messages.somethingWentWrong],
    [403, { error: messages.notAuthorized }, 'Forbidden', messages.notAuthorized],
    [
      422,
      { first_name: ['This field is required'], zip_code: ['is invalid'] },
      '',
      'First name This field is required, Zip code is invalid',
    ],
    [422, ['Name is taken', 'Code is taken'], '', 'Name is taken, Code is taken'],
    [422, 'School is inactive', '', 'School is inactive'],
    [422, {}, '', messages.somethingWentWrong],
    [418, null, "I'm a teapot", "I'm a teapot"],
    [409, null, '', messages.somethingWentWrong],
  ])('status %i shows its message', async (status, body, statusText, expected) => {
    const error = await failWith(jsonResponse(body, status, statusText));
    expect(showHandlerError).toHaveBeenCalledWith(expected);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(status);
  });

  it('no response shows Something went wrong.', async () => {
    const error = await failWith(new TypeError('Failed to fetch'));
    expect(showHandlerError).toHaveBeenCalledWith(messages.somethingWentWrong);
    expect(error.status).toBeNull();
  });

  // Issue 30: offline too, a call that got no answer says SPEC section 8's 'Something went wrong.'.
  it('a read or a write that got no answer because the phone went offline says Something went wrong.', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const error = await failWith(new TypeError('Failed to fetch'));
      expect(error.status).toBeNull();
      expect(showHandlerError).toHaveBeenCalledWith(messages.somethingWentWrong);
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await expect(call(studentEndpoints.destroy, { params: { id: 4 } })).rejects.toBeInstanceOf(HttpError);
      expect(showHandlerError).toHaveBeenCalledWith(messages.somethingWentWrong);
    } finally {
      onLine.mockRestore();
    }
  });

  it('keeps the server words for the error panel', async () => {
    const error = await failWith(jsonResponse({ error: 'Student not found' }, 404));
    expect(error.message).toBe('Student not found');
  });

  it.each([
    [401, { error: 'nil user' }],
    [401, null],
    [400, { error: messages.signatureExpired }],
    [400, { error: messages.revokedToken }],
  ])('status %i with %o ends the session and goes to /login', async (status, body) => {
    setToken(makeToken());
    await failWith(jsonResponse(body, status));
    expect(localStorage.getItem(tokenKey)).toBeNull();
    expect(localStorage.getItem(authRedirectKey)).toBe('/students?page=3');
    expect(goTo).toHaveBeenCalledWith('/login');
    expect(showHandlerError).not.toHaveBeenCalled();
  });

  it('shows no toast when the caller shows the error itself', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Provider unavailable' }, 502));
    await expect(call(authEndpoints.signInUrl, { toastErrors: false })).rejects.toThrow('Provider unavailable');
    expect(showHandlerError).not.toHaveBeenCalled();
  });

  it('falls back when the message is empty', () => {
    expect(handlerMessage(400, null, '   ')).toBe(messages.somethingWentWrong);
  });
});

describe('requests', () => {
  it('send the token and bracket-style query arrays to /api', async () => {
    const token = makeToken();
    setToken(token);
    fetchMock.mockResolvedValueOnce(jsonResponse({ students: [] }));
    await call(studentEndpoints.list, { query: { full_name_i_cont_all: ['ann', 'lee'], page: 1, school_id_eq: null } });
    const sent = fetchMock.mock.calls[0];
    expect(sent?.[0]).toBe('/api/students?full_name_i_cont_all%5B%5D=ann&full_name_i_cont_all%5B%5D=lee&page=1');
    expect((sent?.[1]?.headers as Record<string, string> | undefined)?.authorization).toBe(`Bearer ${token}`);
  });

  it("call an endpoint with its method, its path's parameters and its body, and answer its JSON", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 41, status: 'Inactive' }));
    const answer = await call(enrollmentEndpoints.update, { params: { id: 41 }, body: { status: 'Inactive' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/enrollments/41');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(JSON.stringify({ status: 'Inactive' }));
    expect(answer).toEqual({ id: 41, status: 'Inactive' });
  });

  it('are typed by their endpoint: parameters and bodies required, answers typed (checked by tsc)', () => {
    const typed = async () => {
      // @ts-expect-error GET /students/:id needs the id
      await call(studentEndpoints.detail);
      // @ts-expect-error PUT /enrollments/:id needs a body
      await call(enrollmentEndpoints.update, { params: { id: 1 } });
      const student = await call(studentEndpoints.detail, { params: { id: 1 } });
      // @ts-expect-error a student has no series_name
      void student.series_name;
      return student.first_name satisfies string;
    };
    expect(typeof typed).toBe('function');
  });

  it('add the query an endpoint always sends (GET /series?type=Course answers courses)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ courses: [] }));
    await call(seriesEndpoints.courses, { query: { page: 2 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/series?page=2&type=Course');
  });

  it('leave out empty values', () => {
    expect(toQueryString({ a: '', b: undefined, c: [], d: 0, e: false })).toBe('?d=0&e=false');
    expect(toQueryString({})).toBe('');
  });
});

/** An answer carrying the new token of this browser, as after a change of one's email, password or second factor. */
function renewing(body: unknown, token: string, status = 200): Response {
  const response = jsonResponse(body, status);
  response.headers.set(renewedTokenHeader, token);
  return response;
}

describe('a renewed token (x-renewed-token)', () => {
  it('is kept from the answer, and the next call sends it', async () => {
    setToken(makeToken(instructor, Math.floor(Date.now() / 1000) + 60));
    const renewed = makeToken();
    fetchMock.mockResolvedValueOnce(renewing({ recovery_codes: ['k7q2-9fxm-c4hd-w8tz'] }, renewed));
    await call(accountEndpoints.mfaConfirm, { body: { code: '123456', current_password: 'pw' } });
    expect(getToken()).toBe(renewed);
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 7 }));
    await call(accountEndpoints.current);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>).authorization).toBe(`Bearer ${renewed}`);
  });

  it('is kept even when the answer is refused', async () => {
    setToken(makeToken(instructor, Math.floor(Date.now() / 1000) + 60));
    const renewed = makeToken();
    fetchMock.mockResolvedValueOnce(renewing({ email: ['has already been taken'] }, renewed, 422));
    await expect(call(accountEndpoints.current, { toastErrors: false })).rejects.toBeInstanceOf(HttpError);
    expect(getToken()).toBe(renewed);
  });

  it('sends again, once, a call refused for the token it replaced, instead of ending the session', async () => {
    const old = makeToken(instructor, Math.floor(Date.now() / 1000) + 60);
    const renewed = makeToken();
    setToken(old);
    // The call leaves with the old token; the renewal lands before its answer.
    fetchMock.mockImplementationOnce(async () => {
      setToken(renewed);
      return jsonResponse({ error: messages.revokedToken }, 401);
    });
    fetchMock.mockResolvedValueOnce(jsonResponse({ students: [] }));
    await expect(call(studentEndpoints.list)).resolves.toEqual({ students: [] });
    const sent = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).authorization);
    expect(sent).toEqual([`Bearer ${old}`, `Bearer ${renewed}`]);
    expect(goTo).not.toHaveBeenCalled();
    expect(getToken()).toBe(renewed);
  });

  it("never sends a call again as someone else: another user's token ends the session as before", async () => {
    setToken(makeToken(instructor));
    fetchMock.mockImplementationOnce(async () => {
      setToken(makeToken(schoolAdmin));
      return jsonResponse({ error: messages.revokedToken }, 401);
    });
    await expect(call(studentEndpoints.list)).rejects.toBeInstanceOf(HttpError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(goTo).toHaveBeenCalledWith('/login');
  });
});
