import type { RoleType } from '@srs/shared/roles';
import { pageList } from './pages.ts';
import type { RecordKind } from './types.ts';

/** One address pattern of the site map, for a test that opens every page (the accessibility sweep). */
export type SitePath = {
  /** The page's site-map id, and the tab's path when the address is a tab's. */
  page: string;
  tab: string | null;
  /** '/students/:studentId/overview': fill each parameter with a real record of its kind. */
  pattern: string;
  params: Readonly<Record<string, RecordKind>>;
  roles: readonly RoleType[];
  /** /login: opened signed out. */
  public: boolean;
};

/**
 * Every address of the site map: each page, or each tab of a page with tabs. Plain data, so a
 * test in Node can import it; a page added to the site map is in it without anyone listing it.
 */
export function sitePaths(): SitePath[] {
  return pageList.flatMap((page): SitePath[] => {
    const common = { page: page.id, params: page.params ?? {}, roles: page.roles, public: page.public === true };
    if (!page.tabs) return [{ ...common, tab: null, pattern: page.path }];
    return page.tabs.map((tab) => ({ ...common, tab: tab.path, pattern: `${page.path}/${tab.path}` }));
  });
}
