import { accountMessages, backgroundChoices, mfaMessages, optionalNotices, uploadMessages } from '@srs/shared/account';
import { limits, notValid, unknownField } from '@srs/shared/common';
import { relativeDays } from '@srs/shared/dates';
import { deliveryTypeLabels, enrollmentStatuses, lessonSentLabel, seriesTypes } from '@srs/shared/enrollments';
import { followupReasonWords } from '@srs/shared/followup';
import { translateText } from '@srs/shared/i18n';
import { trackingPeriodLengthMessage, trackingPeriodOrderMessage, trackingStageDefinitions, unworkedBuckets } from '@srs/shared/interest-tracking';
import { interestMessages, interestSourceLabels, interestStatusLabels } from '@srs/shared/interests';
import { idempotencyMessages, messages, sessionEndingErrors, unprocessableMessage } from '@srs/shared/messages';
import { alreadyErased, erasedProfileLocked } from '@srs/shared/privacy';
import { intakeAnswers, intakeMessages, publicInterestFields } from '@srs/shared/public-intake';
import { dueReminderWords } from '@srs/shared/reminders';
import { enrollLabel, quickAddMenu, quickCreateMenu, roleTypes, studentQuickAddMenu } from '@srs/shared/roles';
import { notUsZip } from '@srs/shared/schools';
import { schoolSelectRequired, SeriesCreateInput, SeriesUpdateInput } from '@srs/shared/series';
import { signupThanks, signupTooMany, SignupSchoolsQuery } from '@srs/shared/signup';
import { spanishTexts } from '@srs/shared/spanish-texts';
import { duplicateReasonLabels, NotSamePersonInput } from '@srs/shared/student-duplicates';
import { mergeMessages } from '@srs/shared/student-merge';
import { BulkReassignInput, mailingOptionLabels, StudentCreateInput, StudentFields, studentFieldLabels } from '@srs/shared/students';
import { tooLargeMessage, userLimitMessages } from '@srs/shared/user-limits';
import { importUndoMessages, spelledOut, versionEventLabels, versionRecordTypes } from '@srs/shared/versions';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { validationBody } from '../src/core/errors.ts';
import { sharedText } from '../src/core/i18n.ts';

// Every English text packages/shared gives to a person has its Spanish (issue 29, docs/decisions/027):
// found by the text itself in packages/shared/src/locales/shared.es.json, or by its pattern when
// numbers are in it (shared/i18n.ts). Added with `node scripts/add-shared-spanish.mjs`.

/** A text whose Spanish the catalogue has: its own entry, or its pattern's. */
const hasSpanish = (text: string) => spanishTexts[text] !== undefined || translateText(text, spanishTexts) !== text;

/** Every string of a message object, a list of them or a label record (functions left to the caller). */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(textsOf) : [];

/** The messages a schema refuses a value with, as the server's 422 words them (core/validation.ts). */
const refusals = (schema: ZodType, value: unknown) => {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : textsOf(validationBody(result.error.issues));
};

const sessionEnding = new Set<string>(sessionEndingErrors);
const spanishNames: Record<string, string> = { first_name: 'Nombre', zip_code: 'Código postal' };

const groups: Record<string, string[]> = {
  // SPEC section 8, but the 401 bodies that end a session: the web app knows them by their English words.
  messages: [...textsOf(messages).filter((text) => !sessionEnding.has(text)), messages.chunkFailed(3)],
  idempotencyMessages: textsOf(idempotencyMessages),
  mfaMessages: textsOf(mfaMessages),
  uploadMessages: [
    ...textsOf(uploadMessages),
    uploadMessages.tooManyPixels(4000, 4000),
    uploadMessages.tooManyPixels(1920, 1080),
    uploadMessages.tooManyUploads(20, 1),
    uploadMessages.tooManyUploads(20, 35),
  ],
  accountMessages: textsOf(accountMessages),
  notices: optionalNotices.flatMap((notice) => [notice.label, ...('description' in notice ? [notice.description] : [])]),
  backgrounds: backgroundChoices.map((choice) => choice.label),
  'validation messages (common.ts)': [
    notValid,
    unknownField,
    ...[1, 2, 8, 12, 20, 100, 200, 255, 1000, 5000, 4_000_000].flatMap((n) => [
      limits.tooLong(n),
      limits.tooShort(n),
      limits.atMost(n),
      limits.atLeast(n),
      limits.tooMany(n),
      limits.tooFew(n),
    ]),
  ],
  'schema refusals': [
    ...refusals(StudentFields, {}),
    ...refusals(StudentFields, { first_name: 'x'.repeat(101), email: 'not an email', zip_code: 7 }),
    ...refusals(StudentCreateInput, { request_key: 'short' }),
    ...refusals(BulkReassignInput, { student_ids: [] }),
    ...refusals(BulkReassignInput, { student_ids: [1] }),
    ...refusals(SignupSchoolsQuery, { query: 'a' }),
    ...refusals(NotSamePersonInput, { student_ids: [3, 3] }),
    ...refusals(SeriesCreateInput, { type: 'Seminar', name: 'Seminar' }),
    ...refusals(SeriesUpdateInput, { episodes: [{ name: 'One' }, { name: 'one' }] }),
  ],
  studentFieldLabels: textsOf(studentFieldLabels),
  mailingOptionLabels: textsOf(mailingOptionLabels),
  'enrollment statuses': [...enrollmentStatuses],
  'series types': [...seriesTypes],
  'delivery types': textsOf(deliveryTypeLabels),
  'a course’s progress': [lessonSentLabel(0), lessonSentLabel(1), lessonSentLabel(12)],
  'role names': roleTypes.map(spelledOut),
  menus: [...quickCreateMenu, ...quickAddMenu, ...studentQuickAddMenu].map((item) => item.label).concat(enrollLabel),
  interests: [...textsOf(interestStatusLabels), ...textsOf(interestSourceLabels), ...textsOf(interestMessages)],
  'the public intake': [
    ...textsOf(intakeMessages),
    ...publicInterestFields.flatMap((field) => [field.type, field.description]),
    ...intakeAnswers.map((answer) => answer.meaning),
  ],
  signup: [signupThanks, signupTooMany],
  duplicates: textsOf(duplicateReasonLabels),
  // twoActive names a student and a course: the web app words it with its own catalogue.
  merges: [mergeMessages.sameStudent, mergeMessages.erased, mergeMessages.undone, mergeMessages.keptGone],
  'user limits': [...textsOf(userLimitMessages), tooLargeMessage(1024 * 1024), tooLargeMessage(5 * 1024 * 1024), tooLargeMessage(512 * 1024), tooLargeMessage(100)],
  versions: [
    ...textsOf(versionEventLabels),
    ...textsOf(versionRecordTypes),
    importUndoMessages.notAnImport,
    importUndoMessages.undoneAlready('11/28/2026'),
    importUndoMessages.tooOld(30, '11/28/2026'),
    importUndoMessages.changed(1),
    importUndoMessages.changed(3),
    importUndoMessages.changedSinceImport,
    importUndoMessages.addedSinceImport,
  ],
  'interest tracking': [
    ...Object.values(trackingStageDefinitions).flatMap((stage) => [stage.label, stage.meaning]),
    ...unworkedBuckets.map((bucket) => bucket.label),
    trackingPeriodOrderMessage,
    trackingPeriodLengthMessage,
  ],
  'schools, privacy, series': [notUsZip, alreadyErased, erasedProfileLocked, schoolSelectRequired],
  'reminders and follow-up': [
    dueReminderWords('2026-11-20', '2026-11-20'),
    dueReminderWords('2026-11-02', '2026-11-20'),
    followupReasonWords({ kind: 'reminder_due', date: '2026-11-20', days: 0 }),
    followupReasonWords({ kind: 'reminder_due', date: '2026-11-02', days: 18 }),
    followupReasonWords({ kind: 'reminder_due', date: '2024-11-02', days: 748 }),
    followupReasonWords({ kind: 'no_contact', days: 1 }),
    followupReasonWords({ kind: 'no_contact', days: 45 }),
    followupReasonWords({ kind: 'no_contact_since_start', days: 1 }),
    followupReasonWords({ kind: 'no_contact_since_start', days: 30 }),
  ],
  'relative days': ['2026-11-20', '2026-11-19', '2026-11-21', '2026-11-23', '2026-11-10', '2026-10-10', '2026-06-20', '2025-11-20', '2023-11-20'].map(
    (day) => relativeDays(day, new Date(2026, 10, 20)),
  ),
};

describe('the Spanish of packages/shared’s texts', () => {
  for (const [group, texts] of Object.entries(groups)) {
    it(`has every text of ${group}`, () => {
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.filter((text) => !hasSpanish(text))).toEqual([]);
    });
  }

  it('leaves the 401 bodies that end a session in English', () => {
    for (const text of sessionEndingErrors) expect(sharedText(text, 'es')).toBe(text);
  });

  it('puts the numbers of a text in its Spanish, a date day first', () => {
    expect(sharedText(limits.tooLong(1000), 'es')).toBe('es demasiado largo (1,000 caracteres como máximo)');
    expect(sharedText(limits.tooFew(1), 'es')).toBe('necesita al menos 1 entrada');
    expect(sharedText(uploadMessages.tooManyPixels(4000, 3000), 'es')).toBe(
      'es demasiado grande (4,000 × 3,000 píxeles como máximo): elija una imagen más pequeña',
    );
    expect(sharedText(dueReminderWords('2026-11-02', '2026-11-20'), 'es')).toBe('Vencido desde el 02/11/2026');
    expect(sharedText(importUndoMessages.tooOld(30, '11/28/2026'), 'es')).toBe(
      'Una importación se puede deshacer durante 30 días; esta se hizo el 28/11/2026.',
    );
    expect(sharedText(tooLargeMessage(1024 * 1024), 'es')).toBe('Esta solicitud es demasiado grande (el límite es 1 MB).');
    // English, and a text with no Spanish, as they are.
    expect(sharedText(limits.tooLong(1000), 'en')).toBe(limits.tooLong(1000));
    expect(sharedText('A text nobody translated 12 times', 'es')).toBe('A text nobody translated 12 times');
  });

  it('names the fields of a 422 as the reader reads them; English as before by default', () => {
    const body = { first_name: [messages.fieldRequired], zip_code: [limits.tooLong(20)] };
    expect(unprocessableMessage(body)).toBe('First name This field is required, Zip code is too long (at most 20 characters)');
    const spanish = Object.fromEntries(Object.entries(body).map(([field, said]) => [field, said.map((text) => sharedText(text, 'es'))]));
    expect(unprocessableMessage(spanish, (field) => spanishNames[field] ?? field)).toBe(
      'Nombre Este campo es obligatorio, Código postal es demasiado largo (20 caracteres como máximo)',
    );
  });
});
