import { messages } from '../../i18n/messages.ts';
import en from '../../locales/reminders.en.json';

/** The words of the enrollment screens: reminders (docs/decisions/027). */
export const remindersText = messages('reminders', en);

/** What `remindersText.useT()` gives, for helpers that build words in a component's render. */
export type RemindersT = ReturnType<typeof remindersText.useT>;
