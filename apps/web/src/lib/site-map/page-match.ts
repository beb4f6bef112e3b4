import { can, type TokenUser } from '@srs/shared/roles';
import { type Params, useMatches } from 'react-router';
import { useSessionUser } from '../session.ts';
import { type PageId, pages } from './pages.ts';
import type { PageEntry, PageHandle, RecordKind, TabEntry, TabHandle } from './types.ts';

/** The open page, its open tab and the path's parameters, read from the matched routes' handles. */
export type PageMatch = { page: PageEntry; tab: TabEntry | null; params: Params };

/** What a matched route carries: a router match (useMatches) or a test's. */
export type MatchLike = { handle?: unknown; params: Params };

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && 'page' in handle;
const isTabHandle = (handle: unknown): handle is TabHandle =>
  typeof handle === 'object' && handle !== null && 'tab' in handle;

export function pageMatchOf(matches: readonly MatchLike[]): PageMatch | null {
  let page: PageEntry | null = null;
  let tab: TabEntry | null = null;
  let params: Params = {};
  for (const match of matches) {
    if (isPageHandle(match.handle)) {
      page = match.handle.page;
      tab = null;
      params = match.params;
    } else if (page && isTabHandle(match.handle)) {
      tab = match.handle.tab;
      params = match.params;
    }
  }
  return page ? { page, tab, params } : null;
}

export function usePageMatch(): PageMatch | null {
  return pageMatchOf(useMatches());
}

/** The records the open page names, by kind: /students/12/courses/enrollments/5 is student 12 and enrollment 5. */
export function recordIdsOf(match: PageMatch | null): Partial<Record<RecordKind, number>> {
  if (!match) return {};
  const ids: Partial<Record<RecordKind, number>> = {};
  for (const [param, kind] of Object.entries(match.page.params ?? {})) {
    const id = Number(match.params[param]);
    if (Number.isInteger(id) && id > 0) ids[kind] = id;
  }
  return ids;
}

/** DOMAIN.md "Pages and navigation": whether a user may open a page (and so whether a link to it is drawn). */
export function canOpen(user: Pick<TokenUser, 'admin' | 'roles'> | null, page: PageEntry): boolean {
  return page.public === true || can(user, page.roles);
}

export function useCanOpen(id: PageId): boolean {
  return canOpen(useSessionUser(), pages[id]);
}
