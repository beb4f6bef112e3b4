import type { BodyOf, Endpoint, ParamsOf, ResponseOf } from '@srs/shared/endpoints/define';
import { idempotencyKeyHeader, idempotencyMessages, renewedTokenHeader, stillSavingField } from '@srs/shared/messages';
import { locales } from '../i18n/locale.ts';
import { sharedText } from '../i18n/shared.ts';
import { goTo } from './browser.ts';
import { bodyError, endsSession, HttpError, handlerMessage } from './http-errors.ts';
import { clearSession, getToken, isLeaving, renewedSince, setAuthRedirect, setToken } from './session.ts';
import { showHandlerError } from './toasts.ts';
import { beginWrite, isWrite } from './write-keys.ts';
import { apiUrl, type QueryParams } from './api-url.ts';

export { apiBase, apiUrl, toQueryString } from './api-url.ts';
export type { QueryParams } from './api-url.ts';

export type RequestOptions = {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** false: no toast of the shared handler; the caller shows the error. The session still ends on 401. */
  toastErrors?: boolean;
  /** A write's key chosen by the caller: a write kept on the phone goes with the key it was given (lib/offline). */
  writeKey?: string;
};

/** Clears the session, remembers where the user was and goes to /login (SPEC section 7). */
export function endSession() {
  if (isLeaving()) return;
  clearSession();
  const { pathname, search } = window.location;
  if (!pathname.startsWith('/login')) setAuthRedirect(`${pathname}${search}`);
  goTo('/login');
}

/**
 * An answer that does not say whether the write was made: a gateway's (the server may have saved
 * it), or the server's own "still being saved" (the first copy is still running), in whichever
 * language the server said it (issue 29: the reader's). A retry keeps the key.
 */
export function madeOrNotUnknown(status: number, body: unknown): boolean {
  if (status >= 502 && status <= 504) return true;
  // The server's mark: known even when its sentence is in a language this browser has not loaded.
  if (status === 409 && body !== null && typeof body === 'object' && (body as Record<string, unknown>)[stillSavingField] === true) return true;
  const said = bodyError(body);
  return status === 409 && said !== null && locales.some((locale) => sharedText(idempotencyMessages.stillSaving, locale) === said);
}

/** The server's "This was already done": a repeat of a write it had made, in whichever language it said it. */
export function alreadyMade(status: number | null, body: unknown): boolean {
  const said = bodyError(body);
  return status === 409 && said !== null && locales.some((locale) => sharedText(idempotencyMessages.alreadyMade, locale) === said);
}

/** An answer's text as its content type says: JSON parsed, anything else (or JSON that is not) as text; nothing is null. */
export function bodyOf(text: string, contentType: string): unknown {
  if (text === '') return null;
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function readBody(response: Response): Promise<unknown> {
  return bodyOf(await response.text(), response.headers.get('content-type') ?? '');
}

/** The one place that turns a failed call into the SPEC section 8 behaviour. */
export function failure(status: number | null, body: unknown, statusText: string, toastErrors: boolean): HttpError {
  const message = handlerMessage(status, body, statusText);
  if (endsSession(status, body)) {
    endSession();
  } else if (toastErrors) {
    showHandlerError(message);
  }
  return new HttpError(bodyError(body) ?? message, status, body, message);
}

/**
 * What a call to the API carries: the token, the type of its body, and a write's key (the ticket
 * says how the write ended). One home for `send` and a call that cannot use fetch (an upload whose progress is shown).
 */
export function callHeaders(method: string, url: string, body: unknown, writeKey?: string) {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  // Every write carries a key: a copy of it the person did not mean is answered, not written again.
  const write = isWrite(method) && writeKey === undefined ? beginWrite(method, url, body) : null;
  const key = writeKey ?? write?.key;
  if (key !== undefined) headers[idempotencyKeyHeader] = key;
  return { headers, token, write };
}

/** A raw call with the Authorization header; errors go through the shared handler. */
export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const url = apiUrl(path, options.query);
  const { headers, token, write } = callHeaders(method, url, options.body, options.writeKey);
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) init.body = isForm ? (options.body as FormData) : JSON.stringify(options.body);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    write?.unanswered();
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw failure(null, null, '', options.toastErrors ?? true);
  }
  if (write) {
    // Only a 409's body is read here: whether it says "still being saved".
    const said: unknown = response.status === 409 ? await response.clone().json().catch(() => null) : null;
    if (madeOrNotUnknown(response.status, said)) write.unanswered();
    else write.answered();
  }
  // A change of one's own email, password or second factor ended every older token: the answer
  // brings this browser's new one, kept before anything reads the answer or calls again.
  const renewed = response.headers.get(renewedTokenHeader);
  if (renewed) setToken(renewed);
  if (!response.ok) {
    const body = await readBody(response);
    // A call that left before the token was renewed is refused because its token ended ('revoked
    // token'), before the server looked at what it asked: it goes once more with the new one.
    if (token && endsSession(response.status, body) && renewedSince(token)) return send(method, path, options);
    throw failure(response.status, body, response.statusText, options.toastErrors ?? true);
  }
  return response;
}

async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  const response = await send(method, path, options);
  const body = await readBody(response);
  // A 200 answer can still carry a session-ending body (SPEC section 8).
  if (endsSession(response.status, body)) throw failure(401, body, '', false);
  return body;
}

type CallOptions<E extends Endpoint> = Pick<RequestOptions, 'query' | 'signal' | 'toastErrors' | 'writeKey'> &
  (keyof ParamsOf<E> extends never ? { params?: undefined } : { params: ParamsOf<E> }) &
  ([BodyOf<E>] extends [never] ? { body?: undefined } : { body: BodyOf<E> });

/** The options of a call: required when the endpoint has path parameters or a body. */
type CallArgs<E extends Endpoint> =
  Partial<CallOptions<E>> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** '/students/:id' with { id: 12 } is '/students/12'. */
export function pathWith(template: string, params: Readonly<Record<string, number | string>> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * Calls one endpoint of packages/shared/src/endpoints: its answer has the type of the endpoint's
 * response schema, which the server validated before sending (the browser does not parse again).
 */
export function call<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<ResponseOf<E>> {
  const { params, query, ...rest } = (options ?? {}) as CallOptions<Endpoint> & {
    params?: Readonly<Record<string, number | string>>;
  };
  const path = pathWith(endpoint.path, params);
  const withFixed = endpoint.fixedQuery ? { ...query, ...endpoint.fixedQuery } : query;
  return request(endpoint.method, path, { ...rest, query: withFixed }) as Promise<ResponseOf<E>>;
}
