import { messages } from '../../i18n/messages.ts';
import en from '../../locales/student-import.en.json';

/** /students/import: the spreadsheet, its preview, its progress and its outcome (issue 29). */
export const studentImportText = messages('student-import', en);
