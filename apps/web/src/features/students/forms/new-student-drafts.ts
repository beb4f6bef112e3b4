import { mailingOptions } from '@srs/shared/students';
import { z } from 'zod';
import type { StudentFormValues } from './student-form-values.ts';

const text = z.string();

/**
 * The student form's inputs as a draft keeps them (lib/drafts.ts): what a person typed, to be
 * given back after a reload. A draft of another shape (an older version's) is not used.
 */
export const keptStudentValues = z.object({
  first_name: text,
  middle_name: text,
  last_name: text,
  address: text,
  address_2: text,
  city: text,
  state: text,
  country: text,
  zip_code: text,
  email: text,
  phone: text,
  social_media: text,
  include_in_mailing_list: z.enum(mailingOptions),
}) satisfies z.ZodType<StudentFormValues>;

/**
 * The request_key of a run of the form (use-new-student-save.ts) is kept with its draft: a save
 * sent again after a reload (its answer lost, or the enrollment failed after the student was
 * made) finds the student already made instead of making a second one. It is no secret: the
 * server matches it only among the students its own user created.
 */
export const keptRequestKey = z.string().min(1).max(64).nullable();

/** /students/new?school_id= (new-student-form.tsx): the page's draft, for its school and search. */
export const formPageDraftName = 'new-student-form';

export const formPageDraft = z.object({
  schoolId: z.number().int(),
  searchName: z.string().nullable(),
  seriesId: z.string().nullable(),
  notify: z.boolean(),
  values: keptStudentValues.nullable(),
  requestKey: keptRequestKey,
});
export type FormPageDraft = z.infer<typeof formPageDraft>;
