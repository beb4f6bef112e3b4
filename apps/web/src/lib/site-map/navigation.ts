import { can, everyone, type RoleType, type TokenUser } from '@srs/shared/roles';
import { IconHelpCircle, type TablerIcon } from '@tabler/icons-react';
import { pageList } from './pages.ts';

export type NavItem = {
  key: string;
  label: string;
  /** The page's path; Training is an external link (the app's configured training URL). */
  to: string;
  icon: TablerIcon;
  roles: readonly RoleType[];
  flag?: 'interestTracking';
  external?: boolean;
};

const training: NavItem = { key: 'training', label: 'Training', to: '', icon: IconHelpCircle, roles: everyone, external: true };

/** Main navigation by role, in SPEC section 2's order (the site map's); Settings is hidden. */
export const mainNavigation: readonly NavItem[] = [
  ...pageList.flatMap((page) => (page.nav ? [{ key: page.id, to: page.path, ...page.nav }] : [])),
  training,
];

export type Flags = { interestTracking: boolean };

export function navigationFor(user: Pick<TokenUser, 'admin' | 'roles'> | null, flags: Flags): NavItem[] {
  return mainNavigation.filter((item) => can(user, item.roles) && (!item.flag || flags[item.flag]));
}
