import { dashboardTilesAttribute, dashboardTilesKey } from './session-keys.ts';

/**
 * The phone dashboard remembers how many tiles it showed (four, or five with Instructors or
 * Interests), so that its frame draws as many the next time it opens (app/shell/dashboard-frame.tsx):
 * the follow-up list then paints where it will stay, before the scripts have run.
 */
export function rememberDashboardTiles(count: number) {
  if (localStorage.getItem(dashboardTilesKey) !== String(count)) localStorage.setItem(dashboardTilesKey, String(count));
}

/**
 * Marks <html> with the remembered number, which the frame's style sheet reads. Run by the
 * dashboard page's first script (src/dashboard-first.ts), before the page paints.
 */
export function markDashboardTiles() {
  try {
    const count = localStorage.getItem(dashboardTilesKey);
    if (count && /^[0-9]$/.test(count)) document.documentElement.setAttribute(dashboardTilesAttribute, count);
  } catch {
    // Storage this page may not read: the frame draws four tiles.
  }
}
