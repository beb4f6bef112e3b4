import { Anchor, Button, Paper, Text, Title } from '@mantine/core';
import type { Pagination } from '@srs/shared/common';
import { groupedNumber } from '@srs/shared/numbers';
import type { DueReminder } from '@srs/shared/reminders';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { LinkList } from '../../../components/link-list.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { countText } from '../../../lib/counts.ts';
import {
  compactReminders,
  rememberDashboardReminders,
  rememberedDashboardReminders,
  type RemindersShape,
  remindersShape,
} from '../../../lib/dashboard-tiles.ts';
import { todayIso } from '../../../lib/dates.ts';
import { dueReminderPath, personName, remindersDueQuery } from '../api.ts';
import { type RemindersT, remindersText } from '../reminders-text.ts';
import classes from './reminders-due.module.css';

/** The dashboard's reminders due: the first 100, the longest waiting first (the server's order). */
export const remindersDueListQuery = { page: 1, per_page: 100 } as const;

/** '1 reminder due.', '3 reminders due.', or '120 reminders due, the 100 waiting longest are here.' */
export function remindersDueLine(pagination: Pick<Pagination, 'total_count' | 'total_capped'>, shown: number): string {
  const { t } = remindersText;
  if (pagination.total_count === 1 && !pagination.total_capped) return t('dueOne');
  const count = countText(pagination);
  const some = shown < pagination.total_count || pagination.total_capped;
  return some ? t('dueSome', { count, shown: groupedNumber(shown) }) : t('dueAll', { count });
}

/**
 * 'Due today' or 'Overdue since 11/20/2026' (packages/shared's dueReminderWords, which the morning
 * mail says too), in the language of the moment.
 */
function dueReminderWords(t: RemindersT, date: string, today: string): string {
  return date.slice(0, 10) >= today ? t('dueToday') : t('overdueSince', { date: formatDate(date) });
}

/** Overdue in red, due today in orange: each in words as well (never colour alone). */
function DueWords({ reminder, today }: { reminder: DueReminder; today: string }) {
  const words = dueReminderWords(remindersText.useT(), reminder.date, today);
  return (
    <Text span size="sm" c={reminder.date < today ? 'red.8' : 'orange.8'} fw={500}>
      {words}
    </Text>
  );
}

const columns = (t: RemindersT, today: string): readonly Column<DueReminder>[] => [
  {
    key: 'student',
    header: t('columnStudent'),
    render: (r) => (
      <Anchor size="sm" component={Link} to={dueReminderPath(r)} fw={500}>
        {personName(r.student)}
      </Anchor>
    ),
  },
  { key: 'course', header: t('columnCourse'), render: (r) => r.series.name },
  { key: 'reminder', header: t('columnReminder'), render: (r) => <DueWords reminder={r} today={today} /> },
  { key: 'instructor', header: t('columnInstructor'), render: (r) => personName(r.instructor) },
];

/** The CSS variables of a box of that shape (reminders-due.module.css). */
export function remindersBoxStyle(shape: RemindersShape): CSSProperties {
  return { '--rd-rows': shape === '3+' ? compactReminders : Number(shape), '--rd-more': shape === '3+' ? 1 : 0 } as CSSProperties;
}

/**
 * The reminders that came back (docs/decisions/021), above the dashboard's SPEC lists: a table on a
 * desk, a list of links on a phone, each row opening its enrollment on the reminders tab. Drawn only
 * when the user has some: nothing due, nothing to say, and the SPEC dashboard is as it was. The
 * three waiting longest first, the rest of the hundred behind "Show all", in a box as high as the
 * dashboard's frame drew it (the shape this browser remembers): the follow-up list below does not
 * jump when the reminders arrive (issue 28).
 */
export function RemindersDueSection({ phone = false }: { phone?: boolean }) {
  const t = remindersText.useT();
  const remindersDueTitle = t('remindersDue');
  const due = useQuery(remindersDueQuery(remindersDueListQuery));
  const [all, setAll] = useState(false);
  const [remembered] = useState(rememberedDashboardReminders);
  const today = todayIso();
  const reminders = due.data?.reminders;
  const shown = all ? reminders : reminders?.slice(0, compactReminders);
  const items = useMemo(
    () =>
      shown?.map((r) => ({
        key: r.id,
        label: personName(r.student),
        description: `${r.series.name} · ${dueReminderWords(t, r.date, today)}`,
        to: dueReminderPath(r),
      })),
    [shown, today, t],
  );
  const shape = reminders ? remindersShape(reminders.length) : null;
  useEffect(() => {
    if (due.data) rememberDashboardReminders(shape);
  }, [due.data, shape]);
  const boxed = (boxShape: RemindersShape | null) =>
    boxShape ? { className: `${classes.box} ${phone ? classes.phone : classes.desk}`, style: remindersBoxStyle(boxShape) } : {};
  const title = (
    <Title order={2} size={phone ? 'h5' : 'h4'} px={phone ? 'xs' : 0} mb={4}>
      {remindersDueTitle}
    </Title>
  );
  // Loading: the box the frame drew stays, empty, until the answer says what goes in it.
  if (!due.data) {
    if (!remembered || due.isError) return null;
    return (
      <Paper withBorder p={phone ? 'xs' : 'sm'} component="section" aria-label={remindersDueTitle} aria-busy mb="md" {...boxed(remembered)}>
        {title}
      </Paper>
    );
  }
  if (!shape || !reminders || !shown) return null;
  return (
    <Paper withBorder p={phone ? 'xs' : 'sm'} component="section" aria-label={remindersDueTitle} mb="md" {...boxed(all ? null : shape)}>
      {title}
      <Text size="xs" c="dimmed" px={phone ? 'xs' : 0} mb={4}>
        {remindersDueLine(due.data.pagination, shown.length)}
      </Text>
      {phone ? (
        <LinkList label={remindersDueTitle} items={items} emptyMessage="" failed={due.isError} />
      ) : (
        <DataTable label={remindersDueTitle} columns={columns(t, today)} rows={shown} rowKey={(r) => r.id} emptyMessage="" />
      )}
      {reminders.length > compactReminders && (
        <Button variant="subtle" size="xs" mt={4} aria-expanded={all} onClick={() => setAll((open) => !open)}>
          {all ? t('showFewer') : t('showAll', { count: groupedNumber(reminders.length) })}
        </Button>
      )}
    </Paper>
  );
}
