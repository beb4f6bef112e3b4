import { messages } from '@srs/shared/messages';
import { canOpen } from '../lib/site-map/page-match.ts';
import type { PageEntry } from '../lib/site-map/types.ts';
import { getSessionUser } from '../lib/session.ts';

/** A page the user's roles may not open (SPEC section 6): its route shows the 403 text. */
export class NotAuthorizedError extends Error {
  override readonly name = 'NotAuthorizedError';
  constructor() {
    super(messages.notAuthorized);
  }
}

/** The one place a page's roles are enforced: every page route's loader starts here. */
export function refuseUnlessAllowed(page: PageEntry) {
  const user = getSessionUser();
  // Signed out, the shell's loader sends the visit to /login (SPEC section 4) instead.
  if (user && !canOpen(user, page)) throw new NotAuthorizedError();
}
