import { useMediaQuery } from '@mantine/hooks';

/** Narrow screens get the mobile shell, the dashboard tiles and cards instead of wide tables. */
export const mobileQuery = '(max-width: 61.99em)';

export function useIsMobile(): boolean {
  return useMediaQuery(mobileQuery, typeof window !== 'undefined' && window.matchMedia?.(mobileQuery).matches, {
    getInitialValueInEffect: false,
  });
}
