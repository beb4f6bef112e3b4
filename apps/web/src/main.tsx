import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import 'react-toastify/dist/ReactToastify.css';
import './app/global.css';
import { tokenKey } from './lib/session-keys.ts';

/** Resolves once the browser has painted the page's content, or after a second (a tab out of sight never paints). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(() => done(), 1000);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}

// The sign-in page is written into its HTML at build time (src/prerender.tsx): it paints first,
// then the app's scripts run (a moment on a slow phone, even from the cache) and take over. The
// scripts download meanwhile: each page's HTML preloads them (build-plugins/landing-pages.ts).
const start = () => import('./app/start.tsx');
const root = document.getElementById('root');
// The dashboard's frame is drawn for someone signed in: without a session, the sign-in page comes
// at once instead of a dashboard that would give way to it.
if (root?.querySelector('[data-frame="signed-in"]') && !localStorage.getItem(tokenKey)) root.replaceChildren();
/** The scripts a prerendered page names (build-plugins/landing-pages.ts), all asked for at once. */
function preloadPageScripts() {
  const names = document.querySelector<HTMLMetaElement>('meta[name="srs-after-paint"]')?.content ?? '';
  for (const href of names.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
}
if (root?.hasChildNodes())
  void afterFirstPaint().then(() => {
    preloadPageScripts();
    return start();
  });
else void start();
