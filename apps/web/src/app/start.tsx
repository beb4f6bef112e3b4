import { StrictMode, startTransition } from 'react';
import type { DataRouter } from 'react-router';

/** Resolves once the first route's modules and data have loaded. */
function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Lets the browser handle what waits (a tap, a paint) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app starts in steps, each its own script (build-plugins/landing-pages.ts: appSteps): React
 * DOM, the providers (Mantine, React Query, the toasts), then the router, which loads the page's
 * route and data. A script's modules run in one task: in steps, a slow phone answers a tap between
 * them rather than freezing for the whole start, and the route's own modules run in tasks of their
 * own.
 */
async function start(root: HTMLElement | null) {
  // The person's language (Spanish: its catalogues, one file) loads beside React DOM.
  const language = import('../i18n/load.ts').then(({ loadStartingLanguage }) => loadStartingLanguage());
  const { createRoot } = await import('./react-dom.ts');
  await nextTask();
  const { Providers } = await import('./providers.tsx');
  await nextTask();
  const { AppRouter, appRouter } = await import('./router.tsx');
  // Made now, so that the page's modules and data load while the rest of the start goes on.
  const router = appRouter();
  // The phone's copy of the person's work (issue 30): without a signal, the pages show what it
  // kept, so it is read before the first page; online it starts beside it.
  const { queryClient } = await import('./query-client.ts');
  const copyWork = (client: typeof queryClient) => import('./phone-copy.ts').then(({ refreshPhoneCopy }) => refreshPhoneCopy(client));
  const onPhone = import('../lib/offline/on-phone.ts').then(({ followSessions }) => followSessions(queryClient, copyWork));
  if (!navigator.onLine) await onPhone.catch(() => undefined);
  await language;
  if (!root) return;
  // A page written at build time (the sign-in page, the dashboard's frame) stays on screen until
  // the app can draw the route in its place, rather than giving way to a loading indicator.
  if (root.hasChildNodes()) await routerReady(router);
  const app = createRoot(root);
  // The first render in a transition: React yields to the browser while it works.
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  );
  // The offline shell and its 'New version' notice (docs/decisions/028): a script of its own,
  // once the app has started; in production builds only (sw.js is written by the build).
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void import('./service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());
  }
}

void start(document.getElementById('root'));
