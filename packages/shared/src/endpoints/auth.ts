import { z } from 'zod';
import { UrlResponse } from '../common.ts';
import { CurrentUser } from '../users.ts';
import { endpoint } from './define.ts';

export const PasswordResetUrlResponse = z.object({ reset_url: z.string() });

export const authEndpoints = {
  /** 'Sign in with a different account': the provider asks for the account again (only_oauth=true). */
  signInUrl: endpoint({ method: 'GET', path: '/users/auth/url', response: UrlResponse }),
  /** Log out: the token is revoked; the answer is the provider's sign-out address. */
  logout: endpoint({ method: 'DELETE', path: '/logout', response: UrlResponse }),
  currentUser: endpoint({ method: 'GET', path: '/users/me', response: CurrentUser }),
  passwordResetUrl: endpoint({ method: 'GET', path: '/users/password_reset_url', response: PasswordResetUrlResponse }),
};
