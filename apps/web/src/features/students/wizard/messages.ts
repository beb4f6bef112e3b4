import { messages } from '../../../i18n/messages.ts';
import en from '../../../locales/student-wizard.en.json';

/** The new-student wizard and its page, /students/new (issue 29). */
export const studentWizardText = messages('student-wizard', en);
