import { messages } from '../../../i18n/messages.ts';
import en from '../../../locales/student-form.en.json';

/** The student form (new student, profile edit) and the new-student form page (issue 29). */
export const studentFormText = messages('student-form', en);
