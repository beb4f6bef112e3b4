import { quickCreateMenu, type QuickCreateItem } from '@srs/shared/roles';
import type { PageSpec, TabEntry } from './types.ts';
import { siteMapText, tabKeyOf } from './words.ts';

/** The helpers the site map's entries are written with (pages.ts). */

export { globalAdmins } from '@srs/shared/roles';

/** The roles of a quick-create entry: who may open the page it leads to. */
export const quickCreateRoles = (key: QuickCreateItem['key']) =>
  quickCreateMenu.find((item) => item.key === key)?.roles ?? [];

/** Tabs whose modules are routes/<prefix>-<tab>.tsx; a tab's label is read in the language of the moment. */
export const tabsOf = (prefix: string, paths: readonly string[]): TabEntry[] =>
  paths.map((path) => ({
    path,
    module: `${prefix}-${path}`,
    get label() {
      return siteMapText.t(tabKeyOf(path));
    },
  }));

/** A breadcrumb step without a page of its own: /account has none. */
export const account = { labelKey: 'account' } as const;

/** A page of the site map by its id, its title read in the language of the moment. */
export function pageEntry<S extends PageSpec, Id extends string>(id: Id, spec: S): S & { id: Id; readonly title: string } {
  return Object.defineProperty({ ...spec, id }, 'title', {
    get: () => siteMapText.t(spec.titleKey),
    enumerable: true,
  }) as S & { id: Id; readonly title: string };
}
