/**
 * The heading of the dashboard's reminders due as its frame draws it (app/shell/dashboard-frame.tsx),
 * in English, at build time, before the app and the person's language have loaded. The section
 * itself says it in the person's language (reminders.en.json, 'remindersDue').
 */
export const remindersDueTitle = 'Reminders due';
