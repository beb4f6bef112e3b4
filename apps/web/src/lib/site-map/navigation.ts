import { can, everyone, type RoleType, type TokenUser } from '@srs/shared/roles';
import { IconHelpCircle, type TablerIcon } from '@tabler/icons-react';
import { pageList } from './pages.ts';
import { type SiteMapKey, siteMapText } from './words.ts';

export type NavItem = {
  key: string;
  /** In the language of the moment. */
  readonly label: string;
  /** The page's path; Training is an external link (the app's configured training URL). */
  to: string;
  icon: TablerIcon;
  roles: readonly RoleType[];
  flag?: 'interestTracking';
  external?: boolean;
};

/** An item whose label is read when it is drawn, in the language of the moment. */
function navItem(labelKey: SiteMapKey, item: Omit<NavItem, 'label'>): NavItem {
  return {
    ...item,
    get label() {
      return siteMapText.t(labelKey);
    },
  };
}

const training = navItem('training', { key: 'training', to: '', icon: IconHelpCircle, roles: everyone, external: true });

/** Main navigation by role, in SPEC section 2's order (the site map's); Settings is hidden. */
export const mainNavigation: readonly NavItem[] = [
  ...pageList.flatMap(({ id, path, nav }) => {
    if (!nav) return [];
    const { labelKey, ...rest } = nav;
    return [navItem(labelKey, { key: id, to: path, ...rest })];
  }),
  training,
];

export type Flags = { interestTracking: boolean };

export function navigationFor(user: Pick<TokenUser, 'admin' | 'roles'> | null, flags: Flags): NavItem[] {
  return mainNavigation.filter((item) => can(user, item.roles) && (!item.flag || flags[item.flag]));
}
