// The web app's service worker (docs/decisions/028-offline-shell.md): it keeps the app's shell
// (its page, scripts, style sheets, icons) so that the app opens without a signal. It never keeps
// an answer of the API: the app's data is the app's own business, with its tokens.
// A template: build-plugins/offline-shell.ts writes it into dist/sw.js with the build's values in
// place of the two below. A classic script, as every browser runs a service worker.
/* global self, caches */

/** The build's hash of the files below: a new release, a new cache. */
const version = '__SRS_VERSION__';
/** Every file of the build the app may need offline, as URL paths ('/assets/…', '/index.html'). */
const precache = ['__SRS_PRECACHE__'];

const shell = `srs-shell-${version}`;
const precached = new Set(precache);

/**
 * What the worker does with a request: 'pass' leaves it to the browser as if there were no worker;
 * 'file' answers from the cache (a file of this release), 'page' from the network, the app's page
 * when there is none.
 */
function routeOf(request) {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return 'pass';
  // The API and the built-in sign-in: always the server's answer, never a kept one.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/idp')) return 'pass';
  if (request.mode === 'navigate') return 'page';
  return precached.has(url.pathname) ? 'file' : 'pass';
}

/** A file of this release: from the cache (its name is its content), else the network. */
async function file(request) {
  const cache = await caches.open(shell);
  return (await cache.match(new URL(request.url).pathname)) ?? fetch(request);
}

/**
 * A page: the server's, which is fresh and in the person's language (pages/*.html). Without a
 * network, index.html: the app's generic page, which draws any route itself and reads the
 * language from the browser's storage.
 */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await (await caches.open(shell)).match('/index.html');
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  // A name with a hash (/assets/) never changes content, so the browser's HTTP cache may answer
  // (the page has just loaded most of them); any other file is asked of the server.
  const requests = precache.map((path) => new Request(path, { cache: path.startsWith('/assets/') ? 'default' : 'reload' }));
  event.waitUntil(caches.open(shell).then((cache) => cache.addAll(requests)));
  // No skipWaiting here: a new release waits until the person chooses 'Reload' (SKIP_WAITING
  // below), so that a page never runs on scripts of two releases. The first worker has nothing to
  // wait for and activates at once.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Only this worker's own caches of earlier releases: other caches are not its business.
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('srs-shell-') && name !== shell).map((name) => caches.delete(name)));
      // The page of the first visit comes under the worker at once: it opens offline next time.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  // The page's 'Reload' (src/app/service-worker.ts).
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request);
  if (route === 'page') event.respondWith(page(event.request));
  else if (route === 'file') event.respondWith(file(event.request));
});
