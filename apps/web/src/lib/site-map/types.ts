import type { RoleType } from '@srs/shared/roles';
import type { TablerIcon } from '@tabler/icons-react';
import type { SiteMapKey } from './words.ts';

/** The records a page's path names: the sweep and the breadcrumbs fill and name them. */
export type RecordKind = 'student' | 'enrollment' | 'school' | 'course' | 'seminar' | 'user' | 'version';

/** The sections of the mobile menu's second level (SPEC section 2). */
export type SectionKey =
  | 'students'
  | 'instructors'
  | 'courses'
  | 'seminars'
  | 'schools'
  | 'interests'
  | 'reports'
  | 'account'
  | 'versions';

/**
 * A tab of a detail page: its path segment, its label (in the language of the moment) and its
 * route module (routes/<module>.tsx).
 */
export type TabEntry = { path: string; readonly label: string; module: string };

/** A page's entry in the main navigation; the site map's order is SPEC section 2's. */
export type NavSpec = {
  /** Its words in the site map's catalogue (words.ts). */
  labelKey: SiteMapKey;
  icon: TablerIcon;
  /** Who sees the item: the navigation's roles, narrower than the page's (global admins open more). */
  roles: readonly RoleType[];
  /** Shown only when the interest-tracking feature flag is on. */
  flag?: 'interestTracking';
};

/**
 * The breadcrumb of a page. The label (its key in the site map's catalogue) defaults to the title; a
 * page with a record reads 'Student #12' until the record has loaded, then its name. The parent
 * defaults to the dashboard; `{ labelKey }` is a step without a page of its own (Account); `tab` is
 * the parent's tab the page hangs under (an enrollment under its student's Courses).
 */
export type CrumbSpec = { labelKey?: SiteMapKey; parent?: string | { labelKey: SiteMapKey }; tab?: string };

export type PageSpec = {
  /** The whole path pattern, '/students/:studentId'. */
  path: string;
  /** Its title's key in the site map's catalogue (words.ts); the entry's `title` reads it. */
  titleKey: SiteMapKey;
  /** The route module, routes/<module>.tsx. */
  module: string;
  /** Who may open the page (DOMAIN.md "Pages and navigation"); anyone else reads SPEC section 6's 403 text. */
  roles: readonly RoleType[];
  /** The path's parameters and the record each names. */
  params?: Readonly<Record<string, RecordKind>>;
  tabs?: readonly TabEntry[];
  /** The tab the page opens on; the first one when not named. */
  defaultTab?: string;
  crumb?: CrumbSpec;
  /** The mobile menu's second level; a page with tabs adds them as the third (SPEC section 2). */
  section?: SectionKey;
  nav?: NavSpec;
  /** A page of a feature behind a flag: with the flag off, it does not exist (a page not found). */
  flag?: 'interestTracking';
  /** /login: outside the page shell, no sign-in needed. */
  public?: boolean;
};

/** A page of the site map: its title in the language of the moment. */
export type PageEntry = PageSpec & { id: string; readonly title: string };

/** The `handle` of a page's route and of a tab's route: what useMatches() hands to the shell. */
export type PageHandle = { page: PageEntry };
export type TabHandle = { tab: TabEntry };
