import type { Pagination } from '@srs/shared/common';
import type { FollowupListResponse } from '@srs/shared/enrollments';
import { enrollmentEndpoints } from '@srs/shared/endpoints/enrollments';
import { groupedNumber } from '@srs/shared/numbers';
import { apiUrl } from './api-url.ts';
import { markDashboardTiles } from './dashboard-tiles.ts';
import { tokenKey } from './session-keys.ts';

/** The dashboard's follow-up list: the first 100, oldest follow-up first (the server's order). */
export const followupListQuery = { page: 1, per_page: 100 } as const;

/** The address of that list, as the app asks for it (lib/http.ts). */
export const followupListUrl = apiUrl(enrollmentEndpoints.needingFollowup.path, followupListQuery);

/**
 * The sentence above the follow-up list as templates in the page's language, written into the
 * frame at build time (app/shell/dashboard-frame.tsx, from lib/dashboard-text.ts followupWords):
 * this script carries no catalogue, so it stays small and speaks the language the page was drawn in.
 * `{count}` and `{shown}` are filled here.
 */
export type FollowupWords = { one: string; all: string; some: string; more: string };

/** The sentence from those templates: what lib/dashboard-text.ts enrollmentLines says (a test holds them together). */
export function linesFromWords(pagination: Pick<Pagination, 'total_count' | 'total_capped'>, shown: number, words: FollowupWords): string {
  const total = pagination.total_count;
  if (total === 1 && !pagination.total_capped) return words.one;
  const count = pagination.total_capped ? words.more.replace('{count}', groupedNumber(total)) : groupedNumber(total);
  const template = shown < total || pagination.total_capped ? words.some : words.all;
  return template.replace('{count}', count).replace('{shown}', String(shown));
}

/** The attribute of the frame's place for that sentence (app/shell/dashboard-frame.tsx); its templates are in `data-words`. */
export const followupLinesAttribute = 'data-followup-lines';

function wordsOf(element: HTMLElement): FollowupWords | null {
  try {
    const words = JSON.parse(element.dataset.words ?? '') as Partial<FollowupWords>;
    return words.one && words.all && words.some && words.more ? (words as FollowupWords) : null;
  } catch {
    return null;
  }
}

type FirstList = { url: string; token: string; list: Promise<FollowupListResponse | null> };

declare global {
  interface Window {
    /** The follow-up list the dashboard's page asked for before the app had loaded. */
    srsFirstFollowupList?: FirstList;
  }
}

function isFollowupList(body: unknown): body is FollowupListResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { enrollments, pagination } = body as Partial<FollowupListResponse>;
  return Array.isArray(enrollments) && typeof pagination?.total_count === 'number';
}

function whenParsed(run: () => void) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}

/** Writes the sentence above the follow-up list into the frame, while the app is still on its way. */
export function writeFollowupLines(list: FollowupListResponse) {
  if (list.pagination.total_count === 0) return;
  for (const line of document.querySelectorAll<HTMLElement>(`#root [inert] [${followupLinesAttribute}]`)) {
    const words = wordsOf(line);
    if (!words) continue;
    line.textContent = linesFromWords(list.pagination, list.enrollments.length, words);
    line.hidden = false;
  }
}

/**
 * What the dashboard's page does before it paints (src/dashboard-first.ts, a classic script of its
 * own, as the content security policy allows): it draws as many tiles as last time, and, for someone
 * signed in, asks for the follow-up list at once. The list's sentence is written into the frame as
 * soon as it arrives, and the app takes the answer instead of asking again (takeFirstFollowupList):
 * on a slow phone the count shows while the app's scripts still download.
 */
export function startDashboardFirst() {
  markDashboardTiles();
  let token: string | null = null;
  try {
    token = localStorage.getItem(tokenKey);
  } catch {
    return;
  }
  if (!token) return;
  const list = fetch(followupListUrl, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  })
    .then((response) => (response.ok ? response.json() : null))
    .then(
      (body: unknown) => (isFollowupList(body) ? body : null),
      () => null,
    );
  window.srsFirstFollowupList = { url: followupListUrl, token, list };
  void list.then((arrived) => arrived && whenParsed(() => writeFollowupLines(arrived)));
}

/**
 * The follow-up list the page asked for before the app had loaded, once: when it was asked for at
 * this address with this token and arrived whole; otherwise null, and the app asks itself (a
 * refused answer then goes through the shared handler).
 */
export async function takeFirstFollowupList(url: string, token: string | null): Promise<FollowupListResponse | null> {
  const first = window.srsFirstFollowupList;
  if (!first || first.url !== url || first.token !== token) return null;
  delete window.srsFirstFollowupList;
  return first.list;
}
