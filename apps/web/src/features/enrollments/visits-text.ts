import { messages } from '../../i18n/messages.ts';
import en from '../../locales/visits.en.json';

/** The words of the enrollment screens: visits (docs/decisions/027). */
export const visitsText = messages('visits', en);

/** What `visitsText.useT()` gives, for helpers that build words in a component's render. */
export type VisitsT = ReturnType<typeof visitsText.useT>;
