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
    let last = window.scrollY;
    const update = () => {
      const now = window.scrollY;
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
