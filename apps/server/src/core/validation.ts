import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { invalid, validationBody } from './errors.ts';

/** PostgreSQL text cannot hold U+0000: a value with it is refused here, never a 500 at the database. */
export const nulCharacter = 'contains a character that is not allowed';

/** The path of the first string holding U+0000 in a parsed body, query or params, or null. */
export function pathOfNulCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // A file's bytes (a multipart upload) are no text: walking them entry by entry cost about a
  // second of CPU a megabyte.
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfNulCharacter(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Validates a route's body, query and params with its zod schema. Each issue reports its input,
 * so a value of the wrong kind ('is not valid') is told from a missing one ('This field is
 * required'); the error handler answers 422 in SPEC section 8's shapes.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const nulAt = pathOfNulCharacter(data);
    if (nulAt) {
      return { error: invalid(validationBody([{ path: nulAt, message: nulCharacter }])) };
    }
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: invalid(validationBody(result.error.issues)) };
  };
