import { messages } from '../../i18n/messages.ts';
import en from '../../locales/enrollments.en.json';

/** The words of the enrollment screens: enrollments (docs/decisions/027). */
export const enrollmentsText = messages('enrollments', en);

/** What `enrollmentsText.useT()` gives, for helpers that build words in a component's render. */
export type EnrollmentsT = ReturnType<typeof enrollmentsText.useT>;
