import { beforeEach, vi } from 'vitest';
import * as browser from './mocks/browser.ts';
import * as toasts from './mocks/toasts.ts';

// The project of the files that mock only the toasts and the browser (vitest.config.ts): they share
// their worker's modules, so every file gets both mocks, whichever it asks for, before anything
// imports the real ones.
vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));

// What an earlier test, or an earlier file, called them with is not this test's.
beforeEach(() => {
  for (const value of [...Object.values(toasts), ...Object.values(browser)]) {
    if (vi.isMockFunction(value)) value.mockClear();
  }
});
