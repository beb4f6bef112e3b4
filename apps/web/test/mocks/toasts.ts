import { vi } from 'vitest';
import type * as Toasts from '../../src/lib/toasts.ts';

/**
 * The toasts, as the tests that mock src/lib/toasts.ts see them:
 * `vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'))`. One home for the mock,
 * rather than a factory in each file; the toasts' containers are the real ones.
 */
const actual = await vi.importActual<typeof Toasts>('../../src/lib/toasts.ts');
export const { errorContainerId, collapse } = actual;
export const showHandlerError = vi.fn();
export const showError = vi.fn();
export const showSuccess = vi.fn();
