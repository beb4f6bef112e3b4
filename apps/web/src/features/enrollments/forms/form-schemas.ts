import { isValidIsoDate } from '@srs/shared/dates';
import { deliveryTypes, noteTypes } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import { groupedNumber } from '@srs/shared/numbers';
import { z } from 'zod';
import { sharedText } from '../../../i18n/shared.ts';
import { enrollmentsText } from '../messages.ts';

/**
 * The record forms' rules (SPEC section 5), with its messages word for word. Each message is said
 * when the check runs, in the language of that moment: packages/shared's through sharedText, the
 * forms' own from the catalogue. A limit's message reads as a sentence with the field's label:
 * 'Note is too long (at most 5,000 characters)'.
 */
const required = () => sharedText(messages.fieldRequired);
const dateInvalid = () => sharedText(messages.dateInvalid);
const noteTooLong = () => enrollmentsText.t('noteTooLong', { max: groupedNumber(5000) });

/** An empty field (null or blank) is 'This field is required'; the value goes on without null. */
function filled<T>(value: T | null, ctx: z.RefinementCtx): T {
  if (value === null || (typeof value === 'string' && value.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: required() });
    return z.NEVER;
  }
  return value;
}

/** A select's value (an id as text), null while nothing is chosen. */
export const requiredChoice = z.string().nullable().transform(filled);
/** DateInput's value: YYYY-MM-DD, null when empty, or text that could not be read. */
export const requiredDate = requiredChoice.pipe(z.string().refine(isValidIsoDate, { error: dateInvalid }));
export const optionalDate = z.string().refine(isValidIsoDate, { error: dateInvalid }).nullable();
const deliveryType = z.enum(deliveryTypes).nullable();
const noteType = z.enum(noteTypes).nullable();

// Rules across fields also run while a field is still empty, so every message shows at once.
const always = () => true;

/** A lesson comes back after it went out (docs/decisions.md): the received date is not before the sent one. */
export const receivedAfterSent = {
  check: ({ date_sent: sent, date_completed: received }: { date_sent?: unknown; date_completed?: unknown }) =>
    typeof sent !== 'string' ||
    typeof received !== 'string' ||
    !isValidIsoDate(sent) ||
    !isValidIsoDate(received) ||
    received >= sent,
  rule: { path: ['date_completed'], error: () => enrollmentsText.t('receivedAfterSent') },
};

/** A note is optional on visits and reminders: its type is required only once there is text. */
const optionalNote = { note_type: noteType, note_text: z.string().max(5000, { error: noteTooLong }) };
const noteTypeWhenText = (values: { note_type?: unknown; note_text?: unknown }) =>
  typeof values.note_text !== 'string' || values.note_text.trim() === '' || Boolean(values.note_type);
const noteTypeRequired = { when: always, path: ['note_type'], error: required };

export const lessonSchema = z
  .object({
    enrollment_id: requiredChoice,
    episode_id: requiredChoice,
    date_sent: optionalDate,
    date_completed: optionalDate,
    delivery_type: deliveryType,
  })
  .refine((values) => Boolean(values.date_sent || values.date_completed), {
    when: always,
    path: ['date_sent'],
    error: () => sharedText(messages.sentOrReceivedRequired),
  })
  .refine(receivedAfterSent.check, receivedAfterSent.rule);
export type LessonValues = z.input<typeof lessonSchema>;
export type LessonOutput = z.output<typeof lessonSchema>;

export const visitSchema = z
  .object({
    enrollment_id: requiredChoice,
    date: requiredDate,
    decision_option_ids: z.array(z.string()),
    ...optionalNote,
  })
  .refine(noteTypeWhenText, noteTypeRequired);
export type VisitValues = z.input<typeof visitSchema>;
export type VisitOutput = z.output<typeof visitSchema>;

export const reminderSchema = z
  .object({ enrollment_id: requiredChoice, date: requiredDate, ...optionalNote })
  .refine(noteTypeWhenText, noteTypeRequired);
export type ReminderValues = z.input<typeof reminderSchema>;
export type ReminderOutput = z.output<typeof reminderSchema>;

/** NumberInput gives '' when empty. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

export const productSchema = z.object({
  enrollment_id: requiredChoice,
  product_id: requiredChoice,
  delivered_at: requiredDate,
  quantity: z.preprocess(
    blankAsMissing,
    z
      .number({ error: required })
      .int({ error: () => enrollmentsText.t('quantityWhole') })
      .min(1, { error: () => enrollmentsText.t('quantityAtLeast', { min: groupedNumber(1) }) })
      .max(100000, { error: () => enrollmentsText.t('quantityAtMost', { max: groupedNumber(100000) }) }),
  ),
  // Blank falls back to the offer's default price on the server (SPEC section 5).
  price: z.preprocess(
    blankAsMissing,
    z
      .number()
      .min(0, { error: () => enrollmentsText.t('priceAtLeast', { min: groupedNumber(0) }) })
      .max(1_000_000, { error: () => enrollmentsText.t('priceAtMost', { max: groupedNumber(1_000_000) }) })
      .optional(),
  ),
  visitor_name: z
    .string()
    .max(200, { error: () => enrollmentsText.t('visitorNameTooLong', { max: groupedNumber(200) }) }),
  delivery_type: deliveryType,
});
export type ProductValues = z.input<typeof productSchema>;
export type ProductOutput = z.output<typeof productSchema>;

export const decisionSchema = z.object({
  enrollment_id: requiredChoice,
  /** 'lesson:{delivery id}', 'presentation:{episode id}' or 'visit:{visit id}'. */
  record: requiredChoice,
  decision_option_ids: z.array(z.string()),
});
export type DecisionValues = z.input<typeof decisionSchema>;
export type DecisionOutput = z.output<typeof decisionSchema>;

export const noteContextTypes = ['lesson', 'presentation', 'reminder', 'visit'] as const;
export type NoteContextType = (typeof noteContextTypes)[number];

/** The note form: context, the record, note type and text are all required (SPEC section 5). */
export const noteSchema = z.object({
  enrollment_id: requiredChoice,
  context_type: z.enum(noteContextTypes).nullable().transform(filled),
  record_id: requiredChoice,
  note_type: noteType.transform(filled),
  note_text: z.string().trim().min(1, { error: required }).max(5000, { error: noteTooLong }),
});
export type NoteValues = z.input<typeof noteSchema>;
export type NoteOutput = z.output<typeof noteSchema>;

/**
 * A sent lesson recorded as received in one dialog: the received date is required; its decisions
 * and a note are optional, with the same note rule as a visit.
 */
export const receivedSchema = z
  .object({
    /** The lesson's sent date, as it is: the received date may not come before it. */
    date_sent: z.string().nullable(),
    date_completed: requiredDate,
    decision_option_ids: z.array(z.string()),
    ...optionalNote,
  })
  .refine(noteTypeWhenText, noteTypeRequired)
  .refine(receivedAfterSent.check, receivedAfterSent.rule);
export type ReceivedValues = z.input<typeof receivedSchema>;
export type ReceivedOutput = z.output<typeof receivedSchema>;

/** Editing a visit: its date is required; decisions and a new note as when it was added. */
export const visitEditSchema = z
  .object({ date: requiredDate, decision_option_ids: z.array(z.string()), ...optionalNote })
  .refine(noteTypeWhenText, noteTypeRequired);
export type VisitEditValues = z.input<typeof visitEditSchema>;
export type VisitEditOutput = z.output<typeof visitEditSchema>;
