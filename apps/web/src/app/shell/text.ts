import { messages } from '../../i18n/messages.ts';
import en from '../../locales/shell.en.json';

/** The page shell's words (issue 29): header, menus, Quick Add, footer, route errors, the theme's names. */
export const shellText = messages('shell', en);
