import { messages } from '../../i18n/messages.ts';
import en from '../../locales/lessons.en.json';

/** The words of the enrollment screens: lessons (docs/decisions/027). */
export const lessonsText = messages('lessons', en);

/** What `lessonsText.useT()` gives, for helpers that build words in a component's render. */
export type LessonsT = ReturnType<typeof lessonsText.useT>;
