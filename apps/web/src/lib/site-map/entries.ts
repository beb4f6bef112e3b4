import { quickCreateMenu, type QuickCreateItem } from '@srs/shared/roles';
import type { TabEntry } from './types.ts';

/** The helpers the site map's entries are written with (pages.ts). */

export { globalAdmins } from '@srs/shared/roles';

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

/** A breadcrumb step without a page of its own: /account has none. */
export const account = { label: 'Account' };
