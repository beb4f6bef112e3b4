import { z } from 'zod';

export const idParam = z.coerce.number().int().positive();
export const IdParams = z.object({ id: idParam });

/** Dates travel as YYYY-MM-DD (SPEC section 5). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date input not valid.');

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
