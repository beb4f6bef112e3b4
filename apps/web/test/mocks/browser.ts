import { vi } from 'vitest';

/**
 * The browser's navigation and downloads, as the tests that mock src/lib/browser.ts see them:
 * `vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'))`.
 */
export const goTo = vi.fn();
export const reloadPage = vi.fn();
export const saveBlob = vi.fn();
