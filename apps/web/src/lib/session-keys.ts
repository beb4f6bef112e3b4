/**
 * SPEC section 3, Session: the token lives under 'tk'; the path to return to under auth_redirect.
 * A module without imports: main.tsx reads it before the app's scripts have loaded.
 */
export const tokenKey = 'tk';
export const authRedirectKey = 'auth_redirect';
export const tokenCookie = 'user_token';

/**
 * How many tiles the phone dashboard showed this browser's user (five with Instructors or
 * Interests): the dashboard's frame draws as many before the scripts run (landing-pages.ts).
 */
export const dashboardTilesKey = 'dashboard_tiles';
/** The attribute of <html> that tells the frame's style sheet that number. */
export const dashboardTilesAttribute = 'data-dashboard-tiles';

/**
 * How the dashboard's reminders due looked for this browser's user: '1' to '3' rows, '3+' with more
 * behind "Show all"; none when nothing was due. The frame reserves that box (dashboard-tiles.ts).
 */
export const dashboardRemindersKey = 'dashboard_reminders';
/** The attribute of <html> that tells the frame's style sheet that shape. */
export const dashboardRemindersAttribute = 'data-dashboard-reminders';
