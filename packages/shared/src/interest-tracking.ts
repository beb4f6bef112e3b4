import { z } from 'zod';
import { idRef, notValid, SchoolRef } from './common.ts';

/**
 * /interests/tracking (DOMAIN.md "Interest tracking"): the funnel of the interests received each
 * month (received → assigned → contacted → enrolled) per school, and how long the interests nobody
 * has worked yet have waited.
 */

/** The steps of the funnel, in order: each counts the interests of a month that reached it. */
export const trackingStages = ['received', 'assigned', 'contacted', 'enrolled'] as const;
export type TrackingStage = (typeof trackingStages)[number];

/** Each step's name, and what it counts in plain words (the page explains itself with these). */
export const trackingStageDefinitions: Record<TrackingStage, { label: string; meaning: string }> = {
  received: { label: 'Received', meaning: 'every interest that arrived in the month' },
  assigned: { label: 'Assigned', meaning: 'those that have been given to a school' },
  contacted: { label: 'Contacted', meaning: 'those the school has been in touch with' },
  enrolled: { label: 'Enrolled', meaning: 'those who have started a course or seminar' },
};

/** A step's share of the interests received, in whole per cent; none when none were received. */
export const stageShare = (count: number, received: number): number | null =>
  received > 0 ? Math.round((count * 100) / received) : null;

/** How old a new interest nobody has assigned or closed is, in days since it was received. */
export const unworkedBuckets = [
  { key: 'week', label: '0–7 days', upTo: 7 },
  { key: 'month', label: '8–30 days', upTo: 30 },
  { key: 'quarter', label: '31–90 days', upTo: 90 },
  { key: 'older', label: 'Over 90 days', upTo: null },
] as const;
export type UnworkedBucketKey = (typeof unworkedBuckets)[number]['key'];

/** The longest period the funnel is asked for at once: ten years of months. */
export const maxTrackingMonths = 120;

/** A month as YYYY-MM, from 1800 on. */
export const isoMonth = z.string().regex(/^(1[89]|[2-9][0-9])[0-9]{2}-(0[1-9]|1[0-2])$/, notValid);

/** The number of months from `from` to `to`, both included ('2026-01', '2026-03' → 3). */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  return index(to) - index(from) + 1;
}

/** The month `count` months after `month` (before it when negative): ('2026-01', -1) → '2025-12'. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const trackingPeriodOrderMessage = 'must be on or after the From month';
export const trackingPeriodLengthMessage = `is too long a period (at most ${maxTrackingMonths} months)`;

/**
 * GET /interests/tracking: the months of the funnel, both included (either may be left out: the
 * period is then the 12 months up to the To month, or up to this month), and a school.
 */
export const InterestTrackingQuery = z
  .object({ from: isoMonth.optional(), to: isoMonth.optional(), school_id: idRef.optional() })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    if (query.to < query.from) context.addIssue({ code: 'custom', path: ['to'], message: trackingPeriodOrderMessage });
    else if (monthsBetween(query.from, query.to) > maxTrackingMonths) {
      context.addIssue({ code: 'custom', path: ['from'], message: trackingPeriodLengthMessage });
    }
  });
export type InterestTrackingQuery = z.infer<typeof InterestTrackingQuery>;

export const TrackingCounts = z.object({
  received: z.number(),
  assigned: z.number(),
  contacted: z.number(),
  enrolled: z.number(),
});
export type TrackingCounts = z.infer<typeof TrackingCounts>;

/** One school's funnel in a month; no school: the interests not assigned yet. */
export const TrackingSchoolRow = TrackingCounts.extend({ school: SchoolRef.nullable() });
export type TrackingSchoolRow = z.infer<typeof TrackingSchoolRow>;

/** A month of the period (YYYY-MM): its schools' funnels and the month's total across them. */
export const TrackingMonth = z.object({
  month: z.string(),
  schools: z.array(TrackingSchoolRow),
  total: TrackingCounts,
});
export type TrackingMonth = z.infer<typeof TrackingMonth>;

/** The new interests of one age bucket, and the day the oldest of them was received. */
export const UnworkedBucket = z.object({
  key: z.enum(unworkedBuckets.map((bucket) => bucket.key) as [UnworkedBucketKey, ...UnworkedBucketKey[]]),
  label: z.string(),
  count: z.number(),
  oldest_received_on: z.string().nullable(),
});
export type UnworkedBucket = z.infer<typeof UnworkedBucket>;

/** A school's interests assigned but not contacted yet: how many, and since when the oldest waits. */
export const AwaitingContactRow = z.object({
  school: SchoolRef.nullable(),
  count: z.number(),
  oldest_assigned_at: z.string().nullable(),
  days_waiting: z.number().nullable(),
});
export type AwaitingContactRow = z.infer<typeof AwaitingContactRow>;

export const InterestTrackingResponse = z.object({
  /** The period the funnel covers (YYYY-MM, both included) and the day the ages are counted to. */
  from: z.string(),
  to: z.string(),
  as_of: z.string(),
  /** Every month of the period, the latest first, each with its schools (not assigned yet last). */
  months: z.array(TrackingMonth),
  /** The whole period's funnel. */
  total: TrackingCounts,
  /** The four age buckets of the new interests, youngest first (the whole network: they have no school yet). */
  unworked: z.array(UnworkedBucket),
  /** Per school, the interests assigned and not contacted yet, the longest waiting first. */
  awaiting_contact: z.array(AwaitingContactRow),
});
export type InterestTrackingResponse = z.infer<typeof InterestTrackingResponse>;
