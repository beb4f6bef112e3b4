import { messages } from '../../i18n/messages.ts';
import en from '../../locales/site-map.en.json';

/**
 * The site map's words (issue 29): pages' titles, crumbs, tabs, the main navigation and the mobile
 * menu's sections. The site map itself names them by key; its entries read them when asked, in the
 * language of the moment (entries.ts).
 */
export const siteMapText = messages('site-map', en);

export type SiteMapKey = Extract<keyof typeof en, string>;

/** 'print-tickets' is the tab key 'tabPrintTickets' (every tab path has one: test/i18n-shell.test.tsx). */
export function tabKeyOf(path: string): SiteMapKey {
  const pascal = path
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return `tab${pascal}` as SiteMapKey;
}
