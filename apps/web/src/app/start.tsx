import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import { router } from './router.tsx';

/** Resolves once the first route's modules and data have loaded. */
function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** The first render in a transition: React yields to the browser while it works, a slow phone stays responsive. */
function render(root: HTMLElement) {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

const root = document.getElementById('root');
// A page written at build time (the sign-in page) stays on screen until the app can draw the
// route in its place, rather than giving way to a loading indicator.
if (root?.hasChildNodes()) void routerReady().then(() => render(root));
else if (root) render(root);
