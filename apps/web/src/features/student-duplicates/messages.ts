import { messages } from '../../i18n/messages.ts';
import en from '../../locales/student-duplicates.en.json';

/** /students/duplicates: the likely duplicate pairs (issue 29). */
export const studentDuplicatesText = messages('student-duplicates', en);
