import { z } from 'zod';
import { isValidIsoDate } from './dates.ts';
import { messages } from './messages.ts';

export const idParam = z.coerce.number().int().positive();
export const IdParams = z.object({ id: idParam });
/** An id in a JSON body (numbers, or digit strings from a multipart form). */
export const idRef = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Dates travel as YYYY-MM-DD (SPEC section 5): a real calendar day, not before 1 Jan 1800. */
export const isoDate = z.string().refine(isValidIsoDate, messages.dateInvalid);

/** A required text field: trimmed; empty or missing gives 'This field is required' (SPEC section 5). */
export const requiredText = (max = 255) =>
  z
    .string({ error: messages.fieldRequired })
    .trim()
    .min(1, messages.fieldRequired)
    .max(max, `is too long (at most ${max} characters)`);

/** An optional text field: trimmed; empty becomes null. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, `is too long (at most ${max} characters)`)
    .nullish()
    .transform((value) => (value ? value : null));

/** A flag from JSON (true/false) or a multipart form ('true'/'false'). */
export const flag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** `_destroy` of nested attributes: true (or 'true', '1') removes the record. */
export const destroyFlag = z.preprocess(
  (value) => value === true || value === 'true' || value === '1' || value === 1,
  z.boolean(),
);

export const PersonRef = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;
export const SchoolRef = z.object({ id: z.number(), school_code: z.string(), church_name: z.string() });
export type SchoolRef = z.infer<typeof SchoolRef>;

export const orderBy = z.enum(['asc', 'desc']);

/** Shared list query: page, per_page, sortBy/orderBy (SPEC section 2, Shared list behaviour). */
export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(25),
  // 'false' turns pagination off (the duplicate search of the new-student wizard).
  pagination: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  sortBy: z.string().max(40).optional(),
  orderBy: orderBy.default('asc'),
  query: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const Pagination = z.object({
  page: z.number(),
  per_page: z.number(),
  total_count: z.number(),
  total_pages: z.number(),
});
export type Pagination = z.infer<typeof Pagination>;

export const UrlResponse = z.object({ url: z.string() });
export const ErrorResponse = z.object({ error: z.string() });
/** 422 body: field → messages (SPEC section 8). */
export const ValidationErrorResponse = z.record(z.string(), z.array(z.string()));
