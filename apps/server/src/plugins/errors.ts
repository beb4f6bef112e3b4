import { uploadMessages } from '@srs/shared/account';
import { sessionEndingErrors } from '@srs/shared/messages';
import { tooLargeMessage } from '@srs/shared/user-limits';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorPage } from '../auth/idp-pages.ts';
import { idpEnglish, idpText } from '../auth/idp-words.ts';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../core/errors.ts';
import { type Language, serverMessages, sharedText } from '../core/i18n.ts';
import { LimitReached } from '../core/limits.ts';
import { readRestOfRefusedBody } from '../core/refused-body.ts';
import { requestLanguage } from '../core/request-language.ts';
import { databaseUnreachable, isConnectionWaitTimeout, isDatabaseUnreachable, serverBusy } from '../db/unreachable.ts';
import en from '../locales/errors.en.json' with { type: 'json' };
import es from '../locales/errors.es.json' with { type: 'json' };

/** busboy's plain errors for a multipart body it cannot read (no boundary, cut short, bad part header). */
function isBrokenMultipart(contentType: string | undefined, error: Error): boolean {
  return (
    (contentType ?? '').toLowerCase().startsWith('multipart/') &&
    /multipart|part header|boundary/i.test(error.message)
  );
}

/** Too many tries from one address, in words for a person at the sign-in pages (English; locales/idp.*.json). */
export const tooManyFromAddress = idpEnglish.tooManyFromAddress;

/**
 * A refusal at a page the browser shows whole (the built-in provider's forms and the welcome
 * link, the start of a sign-in and its return) is a page, not the API's JSON: the provider's
 * pages answer their own HTML; a sign-in start or return goes back to /login with fixed words.
 */
function pageRefusal(request: FastifyRequest, reply: FastifyReply, status: number): FastifyReply | null {
  if (status !== 429) return null;
  const path = request.url.split('?')[0] ?? '';
  // In the browser's language: nobody is signed in at these pages.
  const language = requestLanguage(request);
  const said = idpText(language, 'tooManyFromAddress');
  if (path.startsWith('/idp')) return reply.code(429).type('text/html; charset=utf-8').send(errorPage(said, language));
  if (path === '/api/users/auth/auth0' || path === '/api/users/auth/callback') {
    return reply.redirect(`/login?${new URLSearchParams({ message: said }).toString()}`, 302);
  }
  return null;
}

/** What the one error handler answers for an error: its status, its body, and how long to wait when it says so. */
export type ErrorAnswer = { statusCode: number; body: unknown; retryAfterSeconds?: number };

declare module 'fastify' {
  interface FastifyReply {
    /**
     * The answer the error handler would give for this error, without sending it: for an answer
     * that has begun already (a streamed import's last line), so that it says what the plain route says.
     */
    errorAnswer: (error: unknown) => ErrorAnswer;
  }
}

/**
 * The server's own sentences of a refusal (not packages/shared's), in locales/errors.*.json; each
 * English one is the text the server sends (test/i18n-person-language.test.ts holds them together).
 */
const errorText = serverMessages('errors', en, es);
const serverErrorKeys = new Map(Object.entries(en).map(([key, text]) => [text, key as keyof typeof en]));

/** A refusal's text in the reader's language: packages/shared's, else the server's own, else as it is. */
export function refusalText(text: string, language: Language): string {
  if (language === 'en') return text;
  const key = serverErrorKeys.get(text);
  return key ? errorText(language, key) : sharedText(text, language);
}

/**
 * A body's words in the reader's language (issue 29): every message of a 422 (field → messages,
 * sentences, one sentence) and the sentence of any other refusal (`error`), found by their English
 * (refusalText). The field names (the keys) stay: the web app names them. The 401s that end a
 * session stay English: the web app knows them by their words.
 */
function inLanguage(answer: ErrorAnswer, language: Language): ErrorAnswer {
  if (language === 'en') return answer;
  const say = (text: unknown) => (typeof text === 'string' ? refusalText(text, language) : text);
  const sayAll = (value: unknown) => (Array.isArray(value) ? value.map(say) : say(value));
  const { body } = answer;
  if (answer.statusCode === 422) {
    if (typeof body === 'string' || Array.isArray(body)) return { ...answer, body: sayAll(body) };
    if (!body || typeof body !== 'object') return answer;
    // defineProperty: a field named `__proto__` stays a key of the answer (core/errors.ts validationBody).
    const said: Record<string, unknown> = {};
    for (const [field, messages] of Object.entries(body)) {
      Object.defineProperty(said, field, { value: sayAll(messages), enumerable: true, writable: true, configurable: true });
    }
    return { ...answer, body: said };
  }
  const error = body && typeof body === 'object' && 'error' in body ? (body as { error: unknown }).error : undefined;
  if (typeof error !== 'string' || (sessionEndingErrors as readonly string[]).includes(error)) return answer;
  return { ...answer, body: { ...(body as object), error: say(error) } };
}

/**
 * The SPEC section 8 answer for an error, logged as the handler logs it (one home for both the
 * error handler and a stream's last line), in the reader's language (requestLanguage).
 */
function errorAnswer(error: FastifyError, request: FastifyRequest, answeredLately: () => boolean): ErrorAnswer {
  const language = requestLanguage(request);
  const answer = englishAnswer(error, request, answeredLately);
  // A sentence with names in it says itself in the language (HttpError.spoken).
  if (language !== 'en' && error instanceof HttpError && error.spoken && answer.statusCode === error.statusCode) {
    return { ...answer, body: error.spoken(language) };
  }
  return inLanguage(answer, language);
}

function englishAnswer(error: FastifyError, request: FastifyRequest, answeredLately: () => boolean): ErrorAnswer {
  const retry = error instanceof LimitReached ? { retryAfterSeconds: error.retryAfterSeconds } : {};
  if (error instanceof HttpError) {
    if (error.statusCode === 422) return { ...retry, statusCode: 422, body: error.body };
    // What a refusal adds to its sentence (a deleted record's when and who): beside `error`.
    const extra = error.body && typeof error.body === 'object' ? error.body : {};
    return { ...retry, statusCode: error.statusCode, body: { ...extra, error: error.message } };
  }
  // The database restarting or out of reach: a sentence and a time to come back, not a 500.
  if (isDatabaseUnreachable(error)) {
    // Waited too long for a connection while the database answered others: busy, not away.
    const said = isConnectionWaitTimeout(error) && answeredLately() ? serverBusy : databaseUnreachable;
    request.log.warn({ err: error }, said === serverBusy ? 'every database connection was busy' : 'the database cannot be reached');
    return { statusCode: said.status, body: { error: said.message }, retryAfterSeconds: said.retryAfterSeconds };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return { statusCode: 500, body: { error: 'Internal Server Error' } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 500 && isBrokenMultipart(request.headers['content-type'], error)) {
    return { statusCode: 400, body: { error: en.formDataUnreadable } };
  }
  // A picture or a file over the limit of @fastify/multipart (app.ts): said in words, like any 422.
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return { statusCode: 422, body: [uploadMessages.fileTooLarge] };
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { statusCode: 413, body: { error: tooLargeMessage(request.routeOptions.bodyLimit) } };
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return { statusCode: 500, body: { error: 'Internal Server Error' } };
  }
  // Fastify's own client errors (bad JSON, too large, rate limited) keep their status.
  return { statusCode: status, body: { error: error.message } };
}

/** Adds Accept-Language to the answer's Vary, beside what it names already. */
function varyByLanguage(reply: FastifyReply) {
  const said = reply.getHeader('vary');
  const names = (Array.isArray(said) ? said.join(',') : String(said ?? '')).split(',').map((name) => name.trim()).filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'accept-language')) return;
  reply.header('vary', [...names, 'accept-language'].join(', '));
}

/** Anything thrown, as the handler receives it: a thrown string or object is a failure like any other. */
const asError = (thrown: unknown): FastifyError =>
  thrown instanceof Error ? (thrown as FastifyError) : (Object.assign(new Error(String(thrown)), { statusCode: 500 }) as FastifyError);

async function errorsPlugin(app: FastifyInstance, { answeredLately = () => false }: { answeredLately?: () => boolean }) {
  app.decorateReply('errorAnswer', function answerOf(this: FastifyReply, error: unknown) {
    return errorAnswer(asError(error), this.request, answeredLately);
  });
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    await readRestOfRefusedBody(request, reply);
    // Its words follow Accept-Language when the reader chose no language (requestLanguage): a
    // cache keeps one answer per language.
    varyByLanguage(reply);
    const page = pageRefusal(request, reply, error.statusCode ?? 500);
    if (page) return page;
    const answer = errorAnswer(error, request, answeredLately);
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', answer.retryAfterSeconds);
    return reply.code(answer.statusCode).send(answer.body);
  });
}

export const errors = fp(errorsPlugin, { name: 'errors' });
