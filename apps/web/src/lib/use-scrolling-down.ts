import { useEffect, useState } from 'react';

/** How far the page must move before a change of direction counts, so a jitter does not flicker. */
export const scrollThreshold = 12;

/**
 * True while the user scrolls the page down (reading on), false once they scroll back up or
 * reach the top: the floating button then steps aside instead of covering the rows passing under
 * it, and comes back the moment they look for it.
 */
export function useScrollingDown(enabled: boolean): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    // Where the page was at the first scroll, not at mount: reading the position as the page first
    // draws would make the browser lay it out at once, in the middle of the app's start.
    let last: number | null = null;
    const update = () => {
      const now = window.scrollY;
      last ??= now;
      if (now <= 0) setDown(false);
      else if (now - last > scrollThreshold) setDown(true);
      else if (last - now > scrollThreshold) setDown(false);
      else return;
      last = now;
    };
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      setDown(false);
    };
  }, [enabled]);
  return enabled && down;
}
