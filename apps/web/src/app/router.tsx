import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type DataRouter,
  type LoaderFunctionArgs,
  Navigate,
  type Params,
  type RouteObject,
  RouterProvider,
  redirect,
  useParams,
} from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { appConfigQuery } from '../lib/app-config.ts';
import { loadFirst } from '../lib/offline/load-first.ts';
import { pageList, pages } from '../lib/site-map/pages.ts';
import { defaultTabOf, pathOf } from '../lib/site-map/paths.ts';
import type { PageEntry, PageHandle, TabHandle } from '../lib/site-map/types.ts';
import { getSessionUser, setAuthRedirect } from '../lib/session.ts';
import { lazyRoute } from './lazy-route.ts';
import { refuseUnlessAllowed, refuseUnlessFlagOn } from './page-gate.ts';
import { queryClient } from './query-client.ts';
import { RouteError } from './route-error.tsx';

/** SPEC section 4: a signed-out visit saves the path and query, then goes to /login. */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (getSessionUser()) return null;
  const url = new URL(request.url);
  setAuthRedirect(`${url.pathname}${url.search}`);
  throw redirect('/login');
}

type RouteModule = { Component?: ComponentType; loader?: (args: LoaderFunctionArgs) => unknown };

// The site map names its route modules; each is its own chunk, loaded when its page first opens.
const routeModules = import.meta.glob<RouteModule>('../routes/*.tsx');

function moduleLoader(name: string): () => Promise<RouteModule> {
  const load = routeModules[`../routes/${name}.tsx`];
  if (!load) throw new Error(`The site map names routes/${name}.tsx, which does not exist`);
  return lazyRoute(name, load);
}

/** A page's own address opens its default tab; so does a tab it does not have. */
function DefaultTabRedirect({ page }: { page: PageEntry }) {
  const params: Params = useParams();
  return <Navigate to={pathOf(page, params, defaultTabOf(page))} replace />;
}

function tabRoutes(page: PageEntry): RouteObject[] | undefined {
  if (!page.tabs) return undefined;
  const toDefault = <DefaultTabRedirect page={page} />;
  return [
    { index: true, element: toDefault },
    ...page.tabs.map((tab): RouteObject => {
      const handle: TabHandle = { tab };
      return { path: tab.path, handle, lazy: moduleLoader(tab.module) };
    }),
    { path: '*', element: toDefault },
  ];
}

/**
 * The route of a site-map entry: its handle names the page for the shell (breadcrumbs, menu,
 * tabs), its loader checks the page's roles before the module's own loader runs.
 */
function pageRoute(page: PageEntry): RouteObject {
  const load = moduleLoader(page.module);
  const handle: PageHandle = { page };
  const route = {
    id: page.id,
    handle,
    errorElement: <RouteError />,
    loader: async (args: LoaderFunctionArgs) => {
      if (!page.public) refuseUnlessAllowed(page);
      if (page.flag) {
        // Offline, a flag the phone does not know is left to the page (which then says it is not kept).
        await loadFirst(() => queryClient.ensureQueryData(appConfigQuery));
        const config = queryClient.getQueryData(appConfigQuery.queryKey);
        if (config) refuseUnlessFlagOn(page, config);
      }
      const module = await load();
      return module.loader ? module.loader(args) : null;
    },
    lazy: async () => ({ Component: (await load()).Component }),
  };
  if (page.path === '/') return { ...route, index: true };
  return { ...route, path: page.path.slice(1), children: tabRoutes(page) };
}

export const routes: RouteObject[] = [
  { ...pageRoute(pages.login), path: pages.login.path, hydrateFallbackElement: <PageLoader /> },
  {
    id: 'shell',
    loader: requireSession,
    lazy: lazyRoute('shell', () => import('./shell/app-shell.tsx')),
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    // Revalidating on every search change would only re-read localStorage.
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    children: [{ errorElement: <RouteError />, children: pageList.filter((page) => !page.public).map(pageRoute) }],
  },
  { path: '*', loader: () => redirect('/login'), hydrateFallbackElement: <PageLoader /> },
];

let router: DataRouter | undefined;

/**
 * The app's one router, made at its first call: making it loads the open page's modules and data,
 * which a module that only reads the routes (a test of the site map) must not start.
 */
export function appRouter(): DataRouter {
  router ??= createBrowserRouter(routes);
  return router;
}

/** The app's pages, as the router draws them. */
export function AppRouter() {
  return <RouterProvider router={appRouter()} />;
}
