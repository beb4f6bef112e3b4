import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * JSON the database wrote (`json_build_object(…)::text`), carried as text into the response
 * without being parsed and written again (docs/decisions/030): a page of 25 students with their
 * enrollments is some 1,500 values, which the server's one thread would otherwise parse, copy,
 * check and stringify on every search.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON array of items the database wrote. */
export const rawJsonArray = (items: readonly string[]) => new RawJson(`[${items.join(',')}]`);

/** A JSON object's text: a RawJson value as it is, any other value as JSON.stringify writes it. */
export function jsonObjectText(fields: Record<string, unknown>): string {
  const members = Object.entries(fields).map(
    ([key, value]) => `${JSON.stringify(key)}:${value instanceof RawJson ? value.text : JSON.stringify(value)}`,
  );
  return `{${members.join(',')}}`;
}

/**
 * Sends a response written as text. Fastify passes a string as it is, without the serializer that
 * checks each response against the route's schema; so outside production the text is checked here:
 * parsed, encoded by the schema and compared, and a field missing, added or of another type fails
 * the request (and with it the tests).
 */
export function sendJsonText<Schema extends z.ZodType>(
  reply: FastifyReply,
  schema: Schema,
  text: string,
  { check }: { check: boolean },
): FastifyReply {
  if (check) {
    const parsed: unknown = JSON.parse(text);
    const encoded = schema.encode(parsed as z.output<Schema>);
    // Where it differs, not what it holds: the response is someone's personal data.
    if (!isDeepStrictEqual(encoded, parsed)) {
      throw new Error(`The response written as text differs from its schema at ${firstDifference(encoded, parsed)}`);
    }
  }
  return reply.type('application/json; charset=utf-8').send(text);
}

/** The path of the first place two JSON values differ (`$.students.3.phone`), without their values. */
function firstDifference(a: unknown, b: unknown, at = '$'): string {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    const key = keys.find((k) => !isDeepStrictEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
    if (key !== undefined) return firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`);
  }
  return at;
}

/** Text responses are checked against their schema everywhere but in production (`sendJsonText`). */
export const jsonTextChecked = (env: { NODE_ENV: string }) => ({ check: env.NODE_ENV !== 'production' });
