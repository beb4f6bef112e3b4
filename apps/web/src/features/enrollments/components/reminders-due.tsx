import { Anchor, Paper, Text, Title } from '@mantine/core';
import type { Pagination } from '@srs/shared/common';
import { groupedNumber } from '@srs/shared/numbers';
import { type DueReminder, dueReminderWords } from '@srs/shared/reminders';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { LinkList } from '../../../components/link-list.tsx';
import { countText } from '../../../lib/counts.ts';
import { todayIso } from '../../../lib/dates.ts';
import { dueReminderPath, personName, remindersDueQuery } from '../api.ts';

/** The dashboard's reminders due: the first 100, the longest waiting first (the server's order). */
export const remindersDueListQuery = { page: 1, per_page: 100 } as const;

export const remindersDueTitle = 'Reminders due';

/** '1 reminder due.', '3 reminders due.', or '120 reminders due, the 100 waiting longest are here.' */
export function remindersDueLine(pagination: Pick<Pagination, 'total_count' | 'total_capped'>, shown: number): string {
  if (pagination.total_count === 1 && !pagination.total_capped) return '1 reminder due.';
  const all = `${countText(pagination)} reminders due`;
  const some = shown < pagination.total_count || pagination.total_capped;
  return some ? `${all}, the ${groupedNumber(shown)} waiting longest are here.` : `${all}.`;
}

/** Overdue in red, due today in orange: each in words as well (never colour alone). */
function DueWords({ reminder, today }: { reminder: DueReminder; today: string }) {
  const words = dueReminderWords(reminder.date, today);
  return (
    <Text span size="sm" c={reminder.date < today ? 'red.8' : 'orange.8'} fw={500}>
      {words}
    </Text>
  );
}

const columns = (today: string): readonly Column<DueReminder>[] => [
  {
    key: 'student',
    header: 'STUDENT',
    render: (r) => (
      <Anchor size="sm" component={Link} to={dueReminderPath(r)} fw={500}>
        {personName(r.student)}
      </Anchor>
    ),
  },
  { key: 'course', header: 'COURSE', render: (r) => r.series.name },
  { key: 'reminder', header: 'REMINDER', render: (r) => <DueWords reminder={r} today={today} /> },
  { key: 'instructor', header: 'INSTRUCTOR', render: (r) => personName(r.instructor) },
];

/**
 * The reminders that came back (docs/decisions/021), above the dashboard's SPEC lists: a table on a
 * desk, a list of links on a phone, each row opening its enrollment on the reminders tab. Drawn only
 * when the user has some: nothing due, nothing to say, and the SPEC dashboard is as it was.
 */
export function RemindersDueSection({ phone = false }: { phone?: boolean }) {
  const due = useQuery(remindersDueQuery(remindersDueListQuery));
  const today = todayIso();
  const reminders = due.data?.reminders;
  const items = useMemo(
    () =>
      reminders?.map((r) => ({
        key: r.id,
        label: personName(r.student),
        description: `${r.series.name} · ${dueReminderWords(r.date, today)}`,
        to: dueReminderPath(r),
      })),
    [reminders, today],
  );
  if (!due.data || due.data.pagination.total_count === 0) return null;
  return (
    <Paper withBorder p={phone ? 'xs' : 'sm'} component="section" aria-label={remindersDueTitle} mb="md">
      <Title order={2} size={phone ? 'h5' : 'h4'} px={phone ? 'xs' : 0} mb={4}>
        {remindersDueTitle}
      </Title>
      <Text size="xs" c="dimmed" px={phone ? 'xs' : 0} mb={4}>
        {remindersDueLine(due.data.pagination, due.data.reminders.length)}
      </Text>
      {phone ? (
        <LinkList label={remindersDueTitle} items={items} emptyMessage="" failed={due.isError} />
      ) : (
        <DataTable
          label={remindersDueTitle}
          columns={columns(today)}
          rows={reminders}
          rowKey={(r) => r.id}
          emptyMessage=""
        />
      )}
    </Paper>
  );
}
