import { z } from 'zod';
import { boundedText, idRef, optionalText, requiredText, SchoolRef } from './common.ts';
import { requiredEmail } from './users.ts';

/**
 * 'Need an account?' (SPEC section 2, POST /signup; issue 9 section 5): a request that the chosen
 * school's head school admin or its conference admins approve or decline. Never an account by itself.
 */
export const SignupInput = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: requiredEmail,
  school_id: idRef,
  message: optionalText(1000),
});
export type SignupInput = z.infer<typeof SignupInput>;
export type SignupFields = z.input<typeof SignupInput>;

/** The one answer to every accepted request: it never tells whether the email is already known. */
export const signupThanks =
  "Thank you. Your request has been sent to the school's coordinators; you will hear from them by email.";
export const SignupResponse = z.object({ message: z.string() });
/** 429 past the requests one address may send in a day: about the address, never about the email. */
export const signupTooMany = 'Too many requests for an account came from this address today. Please try again tomorrow.';

/** GET /signup/schools: what anyone may learn of a school to pick it (code, name and city only). */
export const SignupSchoolsQuery = z.object({ query: boundedText(100).trim().min(2, 'is too short (at least 2 characters)') });
export const SignupSchool = z.object({
  id: z.number(),
  school_code: z.string(),
  church_name: z.string(),
  city: z.string().nullable(),
});
export type SignupSchool = z.infer<typeof SignupSchool>;
export const SignupSchoolsResponse = z.object({ schools: z.array(SignupSchool) });

/** GET /signup_requests: the pending requests of the schools the user administers. */
export const SignupRequestItem = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  message: z.string().nullable(),
  school: SchoolRef,
  created_at: z.string(),
});
export type SignupRequestItem = z.infer<typeof SignupRequestItem>;
export const SignupRequestsResponse = z.object({ signup_requests: z.array(SignupRequestItem) });

/** PUT /signup_requests/decide: approve (the user is created as an instructor and welcomed) or decline. */
export const SignupDecisionInput = z.object({ id: idRef, decision: z.enum(['approve', 'decline']) });
export const SignupDecisionResponse = z.object({
  id: z.number(),
  status: z.enum(['approved', 'declined']),
  user_id: z.number().nullable(),
});
