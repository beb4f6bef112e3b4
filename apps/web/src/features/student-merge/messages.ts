import { messages } from '../../i18n/messages.ts';
import en from '../../locales/student-merge.en.json';

/** /students/merge: two records of one person merged into one (issue 29). */
export const studentMergeText = messages('student-merge', en);
