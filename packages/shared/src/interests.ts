import { z } from 'zod';
import { ListQuery, Pagination } from './common.ts';

export const interestStatuses = ['new', 'assigned', 'contacted', 'enrolled', 'closed'] as const;

export const InterestListQuery = ListQuery.extend({
  status: z.enum(interestStatuses).optional(),
  sortBy: z.enum(['received_on', 'name', 'status']).default('received_on'),
  orderBy: z.enum(['asc', 'desc']).default('desc'),
});
export type InterestListQuery = z.infer<typeof InterestListQuery>;

/** A person who asked for Bible studies (DOMAIN.md, Interest tracking). */
export const Interest = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  source: z.string(),
  received_on: z.string(),
  status: z.enum(interestStatuses),
  series: z.object({ id: z.number(), name: z.string() }).nullable(),
  school: z.object({ id: z.number(), school_code: z.string(), church_name: z.string() }).nullable(),
});
export type Interest = z.infer<typeof Interest>;
export const InterestListResponse = z.object({ interests: z.array(Interest), pagination: Pagination });
export type InterestListResponse = z.infer<typeof InterestListResponse>;
