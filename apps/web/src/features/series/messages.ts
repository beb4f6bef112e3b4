import { messages } from '../../i18n/messages.ts';
import en from '../../locales/courses.en.json';

/** The course pages' words, and those of features/series that a seminar shares: its lists' table, the overview (issue 29). */
export const coursesText = messages('courses', en);
