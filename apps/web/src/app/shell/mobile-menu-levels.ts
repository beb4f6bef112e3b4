import type { NavItem } from '../../lib/site-map/navigation.ts';
import type { PageMatch } from '../../lib/site-map/page-match.ts';
import { pathOf } from '../../lib/site-map/paths.ts';
import { sectionOf } from '../../lib/site-map/sections.ts';
import { recordLabelOf } from '../../lib/site-map/trail.ts';
import { accountLinks } from './account-links.ts';
import { shellText } from './text.ts';

export type MenuLink = { label: string; to: string; external?: boolean };
/** An entry that does something instead of opening a page: Change Password fetches a reset link. */
export type MenuAction = { label: string; action: 'change-password' };
export type MenuEntry = MenuLink | MenuAction;
/**
 * One level of the mobile menu: a title, a subtitle and links (SPEC section 2); the first level
 * also carries the user menu's entries, which a phone has no other way to reach.
 */
export type MenuLevel = { title: string; subtitle: string; links: MenuLink[]; account?: MenuEntry[] };

type Options = {
  navigation: readonly NavItem[];
  trainingUrl: string;
  userName: string;
  /** The user menu's API Keys rule (account-links.ts). */
  apiKeys: boolean;
};

/**
 * The levels of the mobile menu for the open page, and the level it opens on: the page's tabs on a
 * page with tabs, its section's links in a section, the main navigation elsewhere (site map), in
 * the language of the moment.
 */
export function mobileMenuLevels(match: PageMatch | null, options: Options): { levels: MenuLevel[]; start: number } {
  const t = shellText.t;
  const main: MenuLevel = {
    title: t('menu'),
    subtitle: options.userName,
    links: options.navigation.map((item) =>
      item.external
        ? { label: item.label, to: options.trainingUrl, external: true }
        : { label: item.label, to: item.to },
    ),
    account: [...accountLinks(options.apiKeys), { label: t('changePassword'), action: 'change-password' }],
  };
  const levels = [main];
  const section = match?.page.section;
  if (section) {
    const { label, links } = sectionOf(section);
    levels.push({ title: label, subtitle: t('section'), links });
  }
  const tabs = match?.page.tabs;
  if (match && tabs) {
    const { page, params } = match;
    levels.push({
      title: page.title,
      subtitle: recordLabelOf(page, params),
      links: tabs.map((tab) => ({ label: tab.label, to: pathOf(page, params, tab.path) })),
    });
  }
  return { levels, start: levels.length - 1 };
}
