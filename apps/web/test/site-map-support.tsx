import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '../src/app/router.tsx';
import { type PageMatch, pageMatchOf } from '../src/lib/site-map/page-match.ts';
import type { PageHandle } from '../src/lib/site-map/types.ts';

/** The open page at an address, as the app's router matches it (what useMatches() gives the shell). */
export function pageMatchAt(path: string): PageMatch {
  const matches = matchRoutes(routes, path) ?? [];
  const match = pageMatchOf(matches.map((m) => ({ handle: m.route.handle, params: m.params })));
  if (!match) throw new Error(`no page at ${path}`);
  return match;
}

const standIn = (route: RouteObject): RouteObject => {
  const page = (route.handle as PageHandle | undefined)?.page;
  const element = page ? <p>{page.title} page</p> : null;
  return route.index
    ? { index: true, handle: route.handle, element }
    : { path: route.path, handle: route.handle, element, children: route.children?.map(standIn) };
};

/**
 * The app's pages with their site-map handles, each showing '<title> page' instead of its module:
 * for a piece of the shell (Quick Add) that reads the open page, under a layout route.
 */
export function pageStandIns(): RouteObject[] {
  const shell = routes.find((route) => route.id === 'shell');
  return (shell?.children ?? []).flatMap((wrapper) => wrapper.children ?? []).map(standIn);
}
