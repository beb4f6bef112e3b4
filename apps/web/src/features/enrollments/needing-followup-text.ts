import { messages } from '../../i18n/messages.ts';
import en from '../../locales/needing-followup.en.json';

/** The words of the enrollment screens: needing-followup (docs/decisions/027). */
export const needingFollowupText = messages('needing-followup', en);

/** What `needingFollowupText.useT()` gives, for helpers that build words in a component's render. */
export type NeedingFollowupT = ReturnType<typeof needingFollowupText.useT>;
