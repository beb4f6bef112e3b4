import { vi } from 'vitest';
import { mobileQuery } from '../src/lib/use-is-mobile.ts';

/** What window.matchMedia answers: jsdom has no layout, and Mantine subscribes to the answer. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  } as MediaQueryList;
}

/** A phone-sized screen: the mobile layout's query matches until vi.restoreAllMocks. */
export function phoneScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, query === mobileQuery));
}
