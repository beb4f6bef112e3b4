import { dashboardRemindersAttribute, dashboardRemindersKey, dashboardTilesAttribute, dashboardTilesKey } from './session-keys.ts';

/**
 * The dashboard remembers its shape for this browser's user, so that its frame draws the same the
 * next time it opens (app/shell/dashboard-frame.tsx) and the follow-up list paints where it will
 * stay, before the scripts have run: how many tiles the phone showed (four, or five with
 * Instructors or Interests), and the box of reminders due above the lists.
 */
export function rememberDashboardTiles(count: number) {
  if (localStorage.getItem(dashboardTilesKey) !== String(count)) localStorage.setItem(dashboardTilesKey, String(count));
}

/** The rows the dashboard shows of its reminders due before "Show all". */
export const compactReminders = 3;

/** The box of reminders due: '1' to '3' rows, '3+' with more behind "Show all"; null when none is due. */
export type RemindersShape = '1' | '2' | '3' | '3+';
export const remindersShapes: readonly RemindersShape[] = ['1', '2', '3', '3+'];

export function remindersShape(due: number): RemindersShape | null {
  if (due <= 0) return null;
  return due > compactReminders ? '3+' : (String(due) as RemindersShape);
}

export function rememberDashboardReminders(shape: RemindersShape | null) {
  if (shape === null) localStorage.removeItem(dashboardRemindersKey);
  else if (localStorage.getItem(dashboardRemindersKey) !== shape) localStorage.setItem(dashboardRemindersKey, shape);
}

export function rememberedDashboardReminders(): RemindersShape | null {
  try {
    const shape = localStorage.getItem(dashboardRemindersKey);
    return remindersShapes.find((known) => known === shape) ?? null;
  } catch {
    return null;
  }
}

/**
 * Marks <html> with what was remembered, which the frame's style sheet reads. Run by the
 * dashboard page's first script (src/dashboard-first.ts), before the page paints.
 */
export function markDashboardTiles() {
  try {
    const count = localStorage.getItem(dashboardTilesKey);
    if (count && /^[0-9]$/.test(count)) document.documentElement.setAttribute(dashboardTilesAttribute, count);
    const reminders = rememberedDashboardReminders();
    if (reminders) document.documentElement.setAttribute(dashboardRemindersAttribute, reminders);
  } catch {
    // Storage this page may not read: the frame draws four tiles and no reminders.
  }
}
