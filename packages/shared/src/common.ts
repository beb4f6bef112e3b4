import { z } from 'zod';
import { isValidIsoDate } from './dates.ts';
import { messages } from './messages.ts';
import { groupedNumber } from './numbers.ts';

/** The message of a value given in the wrong form (a word for an id, a date that is no date). */
export const notValid = 'is not valid';

/** The message of a field a strict body does not take ('Course is not a known field'): refused, never dropped. */
export const unknownField = 'is not a known field';

/**
 * The messages of a length or range limit, as the 422 body's 'Field name message' pieces need
 * them: lowercase, without the field name ('Address is too long (at most 200 characters)').
 */
const count = groupedNumber;
export const limits = {
  tooLong: (max: number) => `is too long (at most ${count(max)} characters)`,
  tooShort: (min: number) => `is too short (at least ${count(min)} characters)`,
  atMost: (max: number) => `must be at most ${count(max)}`,
  atLeast: (min: number) => `must be at least ${count(min)}`,
  tooMany: (max: number) => `has too many entries (at most ${count(max)})`,
  tooFew: (min: number) => `needs at least ${count(min)} ${min === 1 ? 'entry' : 'entries'}`,
};

/** A text of at most `max` characters, with its limit's message. */
export const boundedText = (max: number) => z.string().max(max, limits.tooLong(max));

/** A list of at most `max` items, with its limit's message. */
export const boundedArray = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max, limits.tooMany(max));

const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value;
const decimalToNumber = (value: unknown) =>
  typeof value === 'string' && /^-?[0-9]{1,12}(\.[0-9]+)?$/.test(value) ? Number(value) : value;

/**
 * A whole number from JSON, or from the digits of a path, query or multipart field. Nothing else
 * is read as a number: not true, [1], '0x10', ' 1' or '1e0' (z.coerce would take them all).
 */
export const wholeNumber = (rules: (n: z.ZodNumber) => z.ZodNumber = (n) => n) =>
  z.preprocess(digitsToNumber, rules(z.number().int(notValid).max(Number.MAX_SAFE_INTEGER, notValid)));

/** A number with at most `places` decimals, from JSON or from a form field in plain decimals ('4.5'). */
export const decimalNumber = (places: number, rules: (n: z.ZodNumber) => z.ZodNumber = (n) => n) =>
  z.preprocess(
    decimalToNumber,
    rules(z.number()).refine((n) => Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6, notValid),
  );

/** A record id in a path, a query or a body: a positive whole number. */
export const idRef = wholeNumber((n) => n.positive(notValid));
export const IdParams = z.object({ id: idRef });

/** Dates travel as YYYY-MM-DD (SPEC section 5): a real calendar day, not before 1 Jan 1800. */
export const isoDate = z.string().refine(isValidIsoDate, messages.dateInvalid);

/** A required text field: trimmed; empty or missing gives 'This field is required' (SPEC section 5). */
export const requiredText = (max = 255) =>
  z
    .string({ error: messages.fieldRequired })
    .trim()
    .min(1, messages.fieldRequired)
    .max(max, limits.tooLong(max));

/** An optional text field: trimmed; empty becomes null. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, limits.tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));

type Decoder = { decode: (bytes: Uint8Array) => string };
/** Node and browsers both have TextDecoder; this package is typed without either's library. */
const utf8 = () => new (globalThis as unknown as { TextDecoder: new () => Decoder }).TextDecoder();
/** The text of an imported CSV file: a multipart upload's file arrives as a Buffer, a JSON body carries the text. */
export const csvText = z.preprocess(
  (value) => (value instanceof Uint8Array ? utf8().decode(value) : value),
  z.string({ error: messages.fieldRequired }).min(1, messages.fieldRequired).max(4_000_000, limits.tooLong(4_000_000)),
);

/** A flag from JSON (true/false) or a multipart form ('true'/'false'). */
export const flag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** `_destroy` of nested attributes: true (or 'true', '1') removes the record. */
export const destroyFlag = z.preprocess(
  (value) => value === true || value === 'true' || value === '1' || value === 1,
  z.boolean(),
);

/**
 * What the signed-in user may do with one record, one flag per action: the server computes each
 * from the rule that answers 403 otherwise, and the web app draws only the actions that are true.
 */
export const permissionsOf = <const A extends string>(actions: readonly A[]) =>
  z.object(Object.fromEntries(actions.map((action) => [action, z.boolean()])) as Record<A, z.ZodBoolean>);

export const PersonRef = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;
export const SchoolRef = z.object({ id: z.number(), school_code: z.string(), church_name: z.string() });
export type SchoolRef = z.infer<typeof SchoolRef>;

export const orderBy = z.enum(['asc', 'desc']);

/** Shared list query: page, per_page, sortBy/orderBy (SPEC section 2, Shared list behaviour). */
export const ListQuery = z.object({
  page: wholeNumber((n) => n.min(1, limits.atLeast(1))).default(1),
  per_page: wholeNumber((n) => n.min(1, limits.atLeast(1)).max(500, limits.atMost(500))).default(25),
  // 'false' turns pagination off (the duplicate search of the new-student wizard).
  pagination: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  sortBy: boundedText(40).optional(),
  orderBy: orderBy.default('asc'),
  query: boundedText(200).optional(),
  // Keyset paging (docs/decisions/008): the page after the row `after` names, or before `before`;
  // `page` is then the page's number as the list shows it. Cursors come from the last response.
  after: boundedText(1000).optional(),
  before: boundedText(1000).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

/**
 * A long list counts its matches up to this many and then says 'More than 1,000' (docs/decisions/008):
 * the exact total of a network-wide search rechecks every match and is what made it slow.
 */
export const countCap = 1000;

export const Pagination = z.object({
  page: z.number(),
  per_page: z.number(),
  total_count: z.number(),
  total_pages: z.number(),
  /** True when there are more than `total_count` (= countCap) records: the count stopped there. */
  total_capped: z.boolean().default(false),
  /** The keys of the page's last and first rows, for the next and previous pages (null: none). */
  next_cursor: z.string().nullable().default(null),
  prev_cursor: z.string().nullable().default(null),
});
export type Pagination = z.infer<typeof Pagination>;

export const UrlResponse = z.object({ url: z.string() });
export const ErrorResponse = z.object({ error: z.string() });
/** 422 body: field → messages (SPEC section 8). */
export const ValidationErrorResponse = z.record(z.string(), z.array(z.string()));
