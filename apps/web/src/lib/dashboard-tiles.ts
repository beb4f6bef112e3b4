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
 * The script the dashboard's page runs before it paints (build-plugins/landing-pages.ts): it marks
 * <html> with the remembered number, which the frame's style sheet reads. A classic script, so
 * that it runs before the first paint; a file of its own, as the content security policy allows.
 */
export function dashboardTilesScript(): string {
  const key = JSON.stringify(dashboardTilesKey);
  const attribute = JSON.stringify(dashboardTilesAttribute);
  return `try{var n=localStorage.getItem(${key});if(n&&/^[0-9]$/.test(n))document.documentElement.setAttribute(${attribute},n)}catch(e){}\n`;
}
