import { notValid, unknownField } from '@srs/shared/common';
import type { Language } from '@srs/shared/i18n';
import { messages } from '@srs/shared/messages';

/**
 * A refusal's body in a language, for a sentence with names in it that no lookup of its English
 * finds ('Ann Lee is already enrolled in …'): the error handler answers with it in the reader's
 * language (plugins/errors.ts).
 */
export type Spoken = (language: Language) => unknown;

/** A typed error that the one error handler turns into the SPEC section 8 shapes. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: unknown,
    readonly spoken?: Spoken,
  ) {
    super(message);
  }
}

/** Out of scope and missing look the same (DOMAIN.md): 404. */
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const forbidden = () => new HttpError(403, messages.notAuthorized);
export const unauthorized = (reason: string) => new HttpError(401, reason);
/**
 * 422 in a SPEC section 8 shape: an object of field → messages ('Field name message'), an array
 * of full sentences (joined with commas) or one sentence shown as is.
 */
export const invalid = (body: Record<string, string[]> | string[] | string, spoken?: Spoken) =>
  new HttpError(422, 'Unprocessable Entity', body, spoken);

type ZodIssueLike = { path: PropertyKey[]; message: string; code?: string; input?: unknown; keys?: string[] };

/** Issues of a value given in the wrong kind or out of a list: their own wording means nothing to a user. */
const wrongValueCodes = new Set(['invalid_type', 'invalid_value', 'invalid_union', 'invalid_format', 'invalid_key']);

/** A strict body's fields it does not take, one issue each, at their own names ('course'). */
const byUnknownField = (issue: ZodIssueLike): ZodIssueLike[] =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? issue.keys.map((key) => ({ path: [...issue.path, key], message: unknownField }))
    : [issue];

/**
 * SPEC section 8's 422 shapes from validation issues: an object of field → messages, keyed by the
 * field's own name (a nested `visits_attributes.0.date` is `date`), so the web app's 'Field name
 * message' reads well. A field a strict body does not take is named too ('is not a known field').
 * A rule about the whole body (no field) is a full sentence: when only such rules fail, the body
 * is the array of those sentences.
 */
export function validationBody(issues: ZodIssueLike[]): Record<string, string[]> | string[] {
  // A Map, not an object: a field named `constructor`, `toString` or `__proto__` is a field like
  // any other, never an object's own machinery (the route fuzzer's 500s).
  const byField = new Map<string, Set<string>>();
  const sentences: string[] = [];
  for (const issue of issues.flatMap(byUnknownField)) {
    const field = issue.path.map(String).reverse().find((part) => !/^\d+$/.test(part));
    const missing = issue.input === undefined || issue.input === null || issue.input === '';
    const wrong = issue.code !== undefined && wrongValueCodes.has(issue.code);
    const message = wrong ? (missing ? messages.fieldRequired : notValid) : issue.message;
    if (field === undefined) sentences.push(message);
    else byField.set(field, (byField.get(field) ?? new Set()).add(message));
  }
  if (byField.size === 0) return [...new Set(sentences)];
  if (sentences.length > 0) byField.set('base', new Set([...(byField.get('base') ?? []), ...sentences]));
  // defineProperty: `__proto__` becomes a key of the answer, not its prototype.
  const result: Record<string, string[]> = {};
  for (const [field, said] of byField) Object.defineProperty(result, field, { value: [...said], enumerable: true, writable: true, configurable: true });
  return result;
}
