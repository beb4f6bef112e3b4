/** The heading of the dashboard's reminders due, which its frame draws too (app/shell/dashboard-frame.tsx). */
export const remindersDueTitle = 'Reminders due';
