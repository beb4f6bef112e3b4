import type { Role, TokenUser } from '@srs/shared/roles';
import { useSyncExternalStore } from 'react';
import { adoptPersonLanguage } from '../i18n/load.ts';

import { dropDrafts } from './drafts.ts';
import { authRedirectKey, dashboardRemindersKey, dashboardTilesKey, tokenCookie, tokenKey } from './session-keys.ts';
import { forgetWriteKeys } from './write-keys.ts';

export { authRedirectKey, tokenCookie, tokenKey };

export type TokenPayload = { user: TokenUser; exp?: number; jti?: string };

const listeners = new Set<() => void>();
let cachedToken: string | null | undefined;
let cachedUser: TokenUser | null = null;
let leaving = false;

function notify() {
  cachedToken = undefined;
  for (const listener of listeners) listener();
}

function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function isRole(value: unknown): value is Role {
  const role = value as Role;
  return typeof role === 'object' && role !== null && typeof role.role_type === 'string';
}

/** The payload of an app token, or null when it is not a token this app issued. */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload = JSON.parse(decodeBase64Url(part)) as Partial<TokenPayload>;
    const user = payload.user;
    if (!user || typeof user.id !== 'number' || !Array.isArray(user.roles) || !user.roles.every(isRole)) return null;
    return { ...payload, user: { ...user, admin: user.admin === true } } as TokenPayload;
  } catch {
    return null;
  }
}

export function isExpired(payload: TokenPayload, now = Date.now()): boolean {
  return typeof payload.exp === 'number' && payload.exp * 1000 <= now;
}

/** False while the browser says it has no connection. */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The stored token; a corrupt or expired one is removed (SPEC section 8). Without a signal an
 * expired one stays (issue 30): the person goes on working on what the phone keeps for them, and
 * once the server is reached it ends the session (401), the records recorded meanwhile waiting on
 * the phone until they sign in again.
 */
export function getToken(): string | null {
  const token = localStorage.getItem(tokenKey);
  if (token === cachedToken) return token;
  cachedToken = token;
  cachedUser = null;
  if (!token) return null;
  const payload = decodeToken(token);
  if (!payload || (isExpired(payload) && !offline())) {
    localStorage.removeItem(tokenKey);
    cachedToken = null;
    return null;
  }
  cachedUser = payload.user;
  return token;
}

/** The user the stored token names, for can() checks and navigation. */
export function getSessionUser(): TokenUser | null {
  getToken();
  return cachedUser;
}

export function setToken(token: string) {
  // Someone else signing in on this tab finds nothing the one before typed (lib/drafts.ts); the
  // same person, back after their session ended, finds their unsaved forms as they left them.
  const user = decodeToken(token)?.user;
  if (user) dropDrafts(user.id);
  localStorage.setItem(tokenKey, token);
  notify();
  // The app speaks the person's own language (My Account → Language; null: their browser's),
  // kept on this browser for the next visit (issue 29). A token from before languages says nothing.
  if (user && 'language' in user) void adoptPersonLanguage(user.language).catch(() => undefined);
}

/**
 * True when the stored token is a newer one of the same user than `sent` (renewed by an answer,
 * here or in another tab): a call refused for `sent` having ended may go again with it.
 */
export function renewedSince(sent: string): boolean {
  const stored = getToken();
  if (!stored || stored === sent) return false;
  return decodeToken(sent)?.user.id === getSessionUser()?.id;
}

export function clearSession() {
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(dashboardTilesKey);
  localStorage.removeItem(dashboardRemindersKey);
  forgetWriteKeys();
  notify();
}

/**
 * Clears the session on the way out to another address (the provider's sign-out): the pages
 * are not told, so that the app does not first switch to /login while the browser leaves.
 */
export function clearSessionBeforeLeaving() {
  beginLeaving();
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(dashboardTilesKey);
  localStorage.removeItem(dashboardRemindersKey);
  // Log out: the forms' unsaved drafts go with the session.
  dropDrafts();
  forgetWriteKeys();
}

/** The app is on its way out (Log out answered): a call refused for the token just revoked stays put. */
export function beginLeaving() {
  leaving = true;
}

/** True once the app is on its way out: calls still in flight must not send the browser to /login. */
export function isLeaving(): boolean {
  return leaving;
}

export function setAuthRedirect(path: string) {
  localStorage.setItem(authRedirectKey, path);
}

/** The saved path to return to after sign-in (default '/'); it is removed once read. */
export function takeAuthRedirect(): string {
  const path = localStorage.getItem(authRedirectKey);
  localStorage.removeItem(authRedirectKey);
  // Only a path of this site: never send the browser elsewhere from a stored value.
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') ? path : '/';
}

/** Reads the user_token cookie set after sign-in, and clears it. */
export function takeTokenCookie(): string | null {
  const prefix = `${tokenCookie}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (!entry) return null;
  // the Cookie Store API is missing from some supported browsers.
  document.cookie = `${tokenCookie}=; Max-Age=0; path=/`;
  const token = decodeURIComponent(entry.slice(prefix.length));
  return token === '' ? null : token;
}

/** Calls `listener` when the session changes (a sign-in, a renewed token, the end), here or in another tab. */
export function subscribeSession(listener: () => void) {
  return subscribe(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === tokenKey || event.key === null) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSessionUser(): TokenUser | null {
  return useSyncExternalStore(subscribe, getSessionUser, () => null);
}
