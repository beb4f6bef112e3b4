import { messages } from '../i18n/messages.ts';
import en from '../locales/components.en.json';

/** The words of the components many pages share (issue 29): tables, dialogs, pickers, notices. */
export const componentsText = messages('components', en);
