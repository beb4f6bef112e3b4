import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { getSessionUser, subscribeSession } from '../session.ts';
import type { TokenUser } from '@srs/shared/roles';
import { forgetKeptReads, keepReads, restoreReads, stopKeepingReads } from './kept-queries.ts';
import { deleteRows, emptyPhoneStore, putValue, readOne, stores } from './phone-store.ts';
import { forgetWaiting, loadWaiting, sendWaiting } from './write-queue.ts';

/**
 * The phone's copy of one person's work (issue 30, docs/decisions/029): what they opened and what
 * they wrote without a signal. It belongs to the person who signed in last: anyone else signing in
 * on this browser finds it empty, and Log out empties it.
 */

let started: { client: QueryClient; userId: number } | null = null;
let stopOnline: (() => void) | null = null;
/** How often the waiting writes are tried again while online (a server that could not answer). */
const retryEveryMs = 30_000;
let retryTimer: ReturnType<typeof setInterval> | null = null;

/** What a person may see, as their roles say it: the same text while their access is the same. */
export function accessOf(user: Pick<TokenUser, 'admin' | 'roles'>): string {
  const roles = user.roles.map((role) => `${role.role_type}:${role.organization_type ?? ''}:${role.organization_id ?? ''}`);
  return JSON.stringify([user.admin, [...new Set(roles)].sort()]);
}

/**
 * Empties the phone's copy unless it is `user`'s, and marks it theirs. The same person with other
 * roles (a school taken away) keeps their waiting writes, which the server checks again, but not
 * what they read with the access they had.
 */
export async function claimPhoneFor(user: Pick<TokenUser, 'id' | 'admin' | 'roles'>) {
  const owner = await readOne<number>(stores.meta, 'owner').catch(() => undefined);
  const access = accessOf(user);
  if (owner === user.id) {
    const had = await readOne<string>(stores.meta, 'access').catch(() => undefined);
    if (had === access) return;
    if (had !== undefined) {
      await forgetKeptReads();
      // The copy of their work went with the reads: the next is made now, not ten minutes after the last.
      await deleteRows(stores.meta, ['refreshedAt']).catch(() => undefined);
    }
  } else if (owner !== undefined) {
    stopKeepingReads();
    forgetWaiting();
    await emptyPhoneStore().catch(() => undefined);
  }
  await putValue(stores.meta, 'owner', user.id).catch(() => undefined);
  await putValue(stores.meta, 'access', access).catch(() => undefined);
}

/**
 * Starts the phone's copy for the person signed in: reads are kept from now on, the waiting
 * writes are read and sent when online, and offline the kept reads fill the pages. Resolves once
 * a page drawn next finds what the phone has.
 */
export async function startOnPhone(client: QueryClient) {
  const user = getSessionUser();
  if (!user) return;
  if (started?.userId === user.id) return;
  started = { client, userId: user.id };
  await claimPhoneFor(user);
  keepReads(client, user.id);
  await loadWaiting(client, user.id);
  if (!onlineManager.isOnline()) await restoreReads(client, user.id);
  stopOnline?.();
  stopOnline = onlineManager.subscribe((online) => {
    const id = getSessionUser()?.id;
    if (id === undefined || id !== started?.userId) return;
    if (online) {
      void sendWaiting().then(() => refreshPhoneCopy(client));
    } else void restoreReads(client, id);
  });
  if (retryTimer) clearInterval(retryTimer);
  retryTimer = setInterval(() => {
    if (onlineManager.isOnline()) void sendWaiting();
  }, retryEveryMs);
  if (onlineManager.isOnline()) void sendWaiting().then(() => refreshPhoneCopy(client));
}

/** Copies the instructor's work while online (app/phone-copy.ts: it reads as the features' pages read). */
export type CopyWork = (client: QueryClient) => Promise<void>;
let copyWork: CopyWork = () => Promise.resolve();
/** How long after the app starts the copy begins: the page the person opened loads first. */
const copyAfterMs = 5_000;
const refreshPhoneCopy = (client: QueryClient) =>
  new Promise<void>((resolve) => {
    setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0));
      idle(() => resolve(copyWork(client).catch(() => undefined)));
    }, copyAfterMs);
  });

/**
 * Starts the phone's copy at the app's start and for each person who signs in after. Offline, the
 * kept reads are in the cache before this resolves.
 */
export async function followSessions(client: QueryClient, copy: CopyWork) {
  copyWork = copy;
  subscribeSession(() => {
    if (getSessionUser()) void startOnPhone(client);
  });
  await startOnPhone(client);
}

/** Log out: nothing of the person stays on the phone, waiting writes included. */
export async function forgetPhone() {
  started = null;
  stopOnline?.();
  stopOnline = null;
  if (retryTimer) clearInterval(retryTimer);
  retryTimer = null;
  stopKeepingReads();
  forgetWaiting();
  await emptyPhoneStore().catch(() => undefined);
}
