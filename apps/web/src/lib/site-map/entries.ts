import { quickCreateMenu, type QuickCreateItem, type RoleType } from '@srs/shared/roles';
import type { BuildingSpec, TabEntry } from './types.ts';

/** The helpers the site map's entries are written with (pages.ts). */

export const globalAdmins: readonly RoleType[] = ['global_admin'];

/** The roles of a quick-create entry: who may open the page it leads to. */
export const quickCreateRoles = (key: QuickCreateItem['key']) =>
  quickCreateMenu.find((item) => item.key === key)?.roles ?? [];

const label = (path: string) =>
  path
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** Tabs whose modules are routes/<prefix>-<tab>.tsx. */
export const tabsOf = (prefix: string, paths: readonly string[]): TabEntry[] =>
  paths.map((path) => ({ path, label: label(path), module: `${prefix}-${path}` }));

/** The tabs of a page a later release builds: named for the menu, no modules yet. */
export const tabsToBuild = (paths: readonly string[]): TabEntry[] => paths.map((path) => ({ path, label: label(path) }));

/** The module of a page a later release builds: it says what the page will hold (BuildingSpec). */
export const inProgress = 'section-in-progress';
const home = { label: 'Back to the dashboard', to: '/' };
export const building = (about: string, back = home): BuildingSpec => ({ about, back });
/** A breadcrumb step without a page of its own: /account has none. */
export const account = { label: 'Account' };
