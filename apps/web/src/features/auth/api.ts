import { messages } from '@srs/shared/messages';
import { authEndpoints } from '@srs/shared/endpoints/auth';
import { queryOptions } from '@tanstack/react-query';
import { sharedText } from '../../i18n/shared.ts';
import { goTo } from '../../lib/browser.ts';
import { call } from '../../lib/http.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { userKeys } from '../../lib/query-keys.ts';
import { beginLeaving, clearSessionBeforeLeaving } from '../../lib/session.ts';
import { showError } from '../../lib/toasts.ts';

/** Sign-in is a real form submit: the server answers with a redirect to the identity provider. */
export const signInFormAction = '/api/users/auth/auth0';

export const currentUserQuery = queryOptions({
  queryKey: userKeys.me(),
  queryFn: () => call(authEndpoints.currentUser),
  staleTime: 5 * 60_000,
});

/** SPEC section 8: a failed log-out or sign-in URL request shows the server's error text. */
function showServerError(error: unknown) {
  if (error instanceof HttpError) showError(error.message || sharedText(messages.somethingWentWrong));
  else showError(sharedText(messages.somethingWentWrong));
}

/** 'Sign in with a different account': the provider asks for the account again. */
export async function signInWithDifferentAccount() {
  try {
    const data = await call(authEndpoints.signInUrl, {
      query: { only_oauth: true },
      toastErrors: false,
    });
    goTo(data.url);
  } catch (error) {
    showServerError(error);
  }
}

/** Log out: the server revokes the token; the session is cleared and the browser leaves for data.url. */
export async function logOut() {
  try {
    const data = await call(authEndpoints.logout, { toastErrors: false });
    // At once: a call still in flight, refused for the token just revoked, must not send the page to /login.
    beginLeaving();
    // Nothing of the person stays on the phone: what they opened, and what waits to be sent (issue 30).
    // Before the session goes: the pages drawn again meanwhile (the waiting writes gone) still find
    // it and stay put, instead of switching to /login while the browser leaves (seen in CI).
    await import('../../lib/offline/on-phone.ts').then(({ forgetPhone }) => forgetPhone()).catch(() => undefined);
    clearSessionBeforeLeaving();
    goTo(data.url);
  } catch (error) {
    // Without a signal too (SPEC section 8: 'Something went wrong.'); the session and the phone's copy stay.
    showServerError(error);
  }
}

/** Change Password fetches a reset link and navigates to it. */
export async function changePassword() {
  try {
    const data = await call(authEndpoints.passwordResetUrl);
    goTo(data.reset_url);
  } catch {
    // The shared handler has shown the error.
  }
}
