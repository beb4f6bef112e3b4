import { z } from 'zod';
import { Pagination } from './common.ts';

export const enrollmentStatuses = ['Applied', 'Attended', 'Enrolled', 'Graduated', 'Inactive'] as const;
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];
export const activeStatuses: readonly EnrollmentStatus[] = ['Applied', 'Enrolled', 'Attended'];
/** SPEC section 4 colours. */
export const statusColours: Record<EnrollmentStatus, 'yellow' | 'blue' | 'green' | 'gray'> = {
  Applied: 'yellow',
  Attended: 'blue',
  Enrolled: 'blue',
  Graduated: 'green',
  Inactive: 'gray',
};
export const seriesTypes = ['Course', 'Seminar'] as const;
export type SeriesType = (typeof seriesTypes)[number];
export const deliveryTypes = ['PO', 'PD', 'IH'] as const;
export const deliveryTypeLabels: Record<(typeof deliveryTypes)[number], string> = {
  PO: 'Post Office',
  PD: 'Personal Delivery',
  IH: 'In-home',
};
export const noteTypes = ['Note', 'PrayerRequest'] as const;

/** The enrollment as the student lists show it (SPEC section 3, Enrollment). */
export const EnrollmentSummary = z.object({
  id: z.number(),
  series_id: z.number(),
  series_name: z.string(),
  series_type: z.enum(seriesTypes),
  series: z.object({ type: z.enum(seriesTypes), name: z.string() }),
  registration_number: z.string(),
  lesson_number: z.number(),
  orphaned: z.boolean(),
  status: z.enum(enrollmentStatuses),
  last_sent_delivery: z.object({ date_sent: z.string() }).nullable(),
  cached_latest_followup_date: z.string().nullable(),
});
export type EnrollmentSummary = z.infer<typeof EnrollmentSummary>;

/** A row of 'Students needing follow-up' (dashboard). */
export const FollowupEnrollment = z.object({
  id: z.number(),
  student: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  series: z.object({ id: z.number(), name: z.string(), type: z.enum(seriesTypes) }),
  instructor: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }).nullable(),
  status: z.enum(enrollmentStatuses),
  cached_latest_followup_date: z.string().nullable(),
  /** The date since which the enrollment has had no follow-up (or its start). */
  last_followup_date: z.string(),
});
export type FollowupEnrollment = z.infer<typeof FollowupEnrollment>;

export const FollowupListResponse = z.object({ enrollments: z.array(FollowupEnrollment), pagination: Pagination });
export type FollowupListResponse = z.infer<typeof FollowupListResponse>;
