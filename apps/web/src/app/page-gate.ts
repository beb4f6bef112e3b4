import { messages } from '@srs/shared/messages';
import { canOpen } from '../lib/site-map/page-match.ts';
import type { PageEntry } from '../lib/site-map/types.ts';
import type { AppConfig } from '@srs/shared/users';
import { getSessionUser } from '../lib/session.ts';
import { sharedText } from '../i18n/shared.ts';
import { shellText } from './shell/text.ts';

/** A page the user's roles may not open (SPEC section 6): its route shows the 403 text. */
export class NotAuthorizedError extends Error {
  override readonly name = 'NotAuthorizedError';
  constructor() {
    super(sharedText(messages.notAuthorized));
  }
}

/** The one place a page's roles are enforced: every page route's loader starts here. */
export function refuseUnlessAllowed(page: PageEntry) {
  const user = getSessionUser();
  // Signed out, the shell's loader sends the visit to /login (SPEC section 4) instead.
  if (user && !canOpen(user, page)) throw new NotAuthorizedError();
}

/** A page of a feature that is off (interest tracking): its route shows a page not found. */
export class PageNotFoundError extends Error {
  override readonly name = 'PageNotFoundError';
  constructor() {
    super(shellText.t('pageNotFound'));
  }
}

/** A page behind a flag exists only with the flag on (the server's calls for it answer 404 too). */
export function refuseUnlessFlagOn(page: PageEntry, config: AppConfig) {
  if (page.flag === 'interestTracking' && !config.features.interest_tracking) throw new PageNotFoundError();
}
