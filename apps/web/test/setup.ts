import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { mediaQueryList } from './media-query.ts';

// findBy and waitFor wait up to 10 s, not 1: the web tests share the machine's two cores with each
// other and with the end-to-end journeys (scripts/test.mjs), and a slow day must not fail a test
// that waits for a render. A test may take 20 s (vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: Mantine asks for these. Each test starts on a wide screen, whatever a test
// before it (in this file or, where files share a worker, another) made of the screen.
const wideScreen = () =>
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: vi.fn((query: string) => mediaQueryList(query, false)),
  });
wideScreen();
beforeEach(wideScreen);

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The forms' drafts (lib/drafts.ts) are the tab's: each test is a new tab.
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    // each test starts without cookies.
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
});

// A test that draws the app in Spanish (i18n/load.ts switchLanguage) leaves the next in English.
afterEach(async () => {
  const { activateLocale } = await import('../src/i18n/locale.ts');
  activateLocale('en');
});
