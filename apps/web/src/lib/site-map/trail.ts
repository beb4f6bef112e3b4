import type { PageMatch } from './page-match.ts';
import { pages } from './pages.ts';
import { pathOf } from './paths.ts';
import type { PageEntry, RecordKind } from './types.ts';
import { siteMapText } from './words.ts';

export type Crumb = { label: string; to?: string };

/** The name of a loaded record ('Maria Lopez'), or undefined while it has not loaded. */
export type RecordNames = (kind: RecordKind, id: number) => string | undefined;

const byId = pages as Readonly<Record<string, PageEntry>>;

/** The record a page is about: its path's last parameter (an enrollment, not its student). */
export function ownRecordOf(page: PageEntry): { param: string; kind: RecordKind } | null {
  const last = Object.entries(page.params ?? {}).at(-1);
  return last ? { param: last[0], kind: last[1] } : null;
}

/** 'Student #12': a record page's label before its record has loaded (and the mobile menu's subtitle). */
export function recordLabelOf(page: PageEntry, params: PageMatch['params']): string {
  const key = page.crumb?.labelKey;
  const base = key ? siteMapText.t(key) : page.title;
  const own = ownRecordOf(page);
  return own ? `${base} #${params[own.param] ?? ''}` : base;
}

function labelOf(page: PageEntry, params: PageMatch['params'], names: RecordNames): string {
  const own = ownRecordOf(page);
  const name = own ? names(own.kind, Number(params[own.param])) : undefined;
  return name ?? recordLabelOf(page, params);
}

function crumbsTo(page: PageEntry, params: PageMatch['params'], names: RecordNames): Crumb[] {
  const crumb = { label: labelOf(page, params, names), to: pathOf(page, params) };
  if (page.id === 'dashboard' || page.public) return [crumb];
  const parent = page.crumb?.parent ?? 'dashboard';
  if (typeof parent === 'object') return [...crumbsTo(pages.dashboard, params, names), { label: siteMapText.t(parent.labelKey) }, crumb];
  const parentPage = byId[parent];
  if (!parentPage) throw new Error(`The site map has no page ${parent}`);
  const before = crumbsTo(parentPage, params, names);
  const tab = parentPage.tabs?.find((t) => t.path === page.crumb?.tab);
  if (tab) before.push({ label: tab.label, to: pathOf(parentPage, params, tab.path) });
  return [...before, crumb];
}

/** The breadcrumbs of the open page: Dashboard › Students › Maria Lopez › Courses, the last one unlinked. */
export function trailOf(match: PageMatch, names: RecordNames = () => undefined): Crumb[] {
  const crumbs = crumbsTo(match.page, match.params, names);
  if (match.tab) crumbs.push({ label: match.tab.label });
  const last = crumbs.at(-1);
  if (last) delete last.to;
  return crumbs;
}
