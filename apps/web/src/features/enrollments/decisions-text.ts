import { messages } from '../../i18n/messages.ts';
import en from '../../locales/decisions.en.json';

/** The words of the enrollment screens: decisions (docs/decisions/027). */
export const decisionsText = messages('decisions', en);

/** What `decisionsText.useT()` gives, for helpers that build words in a component's render. */
export type DecisionsT = ReturnType<typeof decisionsText.useT>;
