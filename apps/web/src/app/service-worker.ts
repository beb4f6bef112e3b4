import { showUpdateNotice } from './update-notice.tsx';

/** What of the browser the worker's page side uses: replaced by fakes in the tests. */
export type WorkerSides = {
  container: Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'>;
  /** Shows 'New version: reload'; `reload` is its button. */
  showNotice: (reload: () => void) => void;
  reload: () => void;
  /** Calls `check` each time the tab is seen again. */
  onVisible: (check: () => void) => void;
};

/**
 * Registers /sw.js (built by build-plugins/offline-shell.ts) and offers each new release: a new
 * worker waits (docs/decisions/028) until the person chooses Reload, which lets it take over; the
 * page then loads again, once, on the new release's files. A release is looked for at
 * registration and each time the tab comes back into sight.
 */
export async function watchServiceWorker({ container, showNotice, reload, onVisible }: WorkerSides) {
  // The first worker taking charge of this page (clients.claim) is no new release.
  let hadController = container.controller !== null;
  let asked = false;
  let reloaded = false;
  const registration = await container.register('/sw.js');
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  const offer = () =>
    showNotice(() => {
      const waiting = registration.waiting;
      if (!waiting) return reloadOnce();
      asked = true;
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  container.addEventListener('controllerchange', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    // Another tab's Reload brought the new release: this one offers to load it too.
    if (asked) reloadOnce();
    else offer();
  });
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) offer();
    });
  if (registration.waiting && container.controller) offer();
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
  onVisible(() => {
    // Offline, or the server away: the next look will do.
    registration.update().catch(() => {});
  });
  return registration;
}

/** Runs `task` once the page has loaded and the browser is idle: the worker's downloads come after the page's. */
function afterLoad(task: () => void) {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => task(), { timeout: 5000 }) : setTimeout(task, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The app's offline shell and its 'New version' notice (app/start.tsx, production builds only). */
export function registerServiceWorker(): void {
  afterLoad(() => {
    watchServiceWorker({
      container: navigator.serviceWorker,
      showNotice: showUpdateNotice,
      reload: () => window.location.reload(),
      onVisible: (check) =>
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        }),
    }).catch(() => {
      // No worker (refused, as some private windows do): the app works as it did without one.
    });
  });
}
