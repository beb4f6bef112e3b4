import { humanize, messages, sessionEndingErrors, unprocessableMessage } from '@srs/shared/messages';
import { commonText } from '../i18n/common.ts';
import { sharedText } from '../i18n/shared.ts';

/** A field's name in a 422's messages, in the language of the moment: 'first_name' is 'First name' ('Nombre'). */
const fieldName = (field: string) => sharedText(humanize(field));

/**
 * A failed call: the status (null when no response came), the parsed body and the text the shared
 * handler shows for it. Its message is the server's own words when it gave some.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown,
    readonly handlerText: string = message,
  ) {
    super(message);
  }
}

/** The server's own words for an error, when the body is `{ error: '...' }`. */
export function bodyError(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return null;
}

/** 401, or a body saying 'Signature has expired', 'revoked token' or 'nil user', ends the session. */
export function endsSession(status: number | null, body: unknown): boolean {
  if (status === 401) return true;
  const error = bodyError(body);
  return error !== null && (sessionEndingErrors as readonly string[]).includes(error);
}

/**
 * Refusals the server says in a sentence (issue 26): 503 (the database cannot be reached just now),
 * 429 (too many searches or exports in a minute), 413 (a request over its size limit).
 */
const saidInWords: readonly (number | null)[] = [503, 429, 413];

/**
 * The toast text of the shared handler, by status (SPEC section 8), in the language of the moment;
 * the sentence of a refusal said in words (the server's, already in the person's language).
 */
export function handlerMessage(status: number | null, body: unknown, statusText = ''): string {
  let text: string;
  if (saidInWords.includes(status) && bodyError(body) !== null) text = bodyError(body) as string;
  else if (status === null || status === 404 || status === 500) text = messages.somethingWentWrong;
  else if (status === 408) text = messages.requestTimeout;
  else if (status === 403) text = messages.notAuthorized;
  else if (status === 422) text = unprocessableMessage(body, fieldName);
  else text = statusText;
  if (text.trim() === '') text = messages.somethingWentWrong;
  // SPEC section 8's own words in the person's language; the server's words are left as they came.
  return (Object.values(messages) as unknown[]).includes(text) ? sharedText(text) : text;
}

/**
 * What a list that could not load shows in place of its rows: the shared handler's text when the
 * server said why (a refused search's 'Too many searches in a minute…'), else nothing (the list's own words).
 */
export function loadFailureText(error: unknown): string | undefined {
  return error instanceof HttpError && saidInWords.includes(error.status) ? error.handlerText : undefined;
}

/**
 * The id of a route parameter; anything but a positive whole number is a missing record (404):
 * 'Student not found' ('Estudiante no encontrado'), `what` being the record's English name.
 */
export function routeIdOf(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new HttpError(commonText.t('notFound', { what }), 404, null);
  return id;
}

/**
 * The messages of a 422 body (SPEC section 8) for the fields a form shows, each as 'Field name
 * message' ('Email has already been taken'), the field's name in the language of the moment; the
 * body's other keys are left to the caller.
 */
export function fieldErrorsOf<F extends string>(body: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return errors;
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (!(fields as readonly string[]).includes(field) || !Array.isArray(value)) continue;
    errors[field as F] = value.map((message) => `${fieldName(field)} ${String(message)}`).join(', ');
  }
  return errors;
}
