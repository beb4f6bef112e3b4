/**
 * SPEC section 3, Session: the token lives under 'tk'; the path to return to under auth_redirect.
 * A module without imports: main.tsx reads it before the app's scripts have loaded.
 */
export const tokenKey = 'tk';
export const authRedirectKey = 'auth_redirect';
export const tokenCookie = 'user_token';
