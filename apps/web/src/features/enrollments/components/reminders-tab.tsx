import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { EnrollmentDetail, Reminder } from '@srs/shared/enrollments';
import { IconAlertTriangle, IconBell, IconCheck, IconClock, IconNote } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { todayIso } from '../../../lib/dates.ts';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { type ReminderState, reminderState } from './enrollment-format.ts';
import { NoteList } from './note-list.tsx';
import { RecordFormButton } from './record-form-button.tsx';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { TabToolbar } from './tab-toolbar.tsx';

type StateLook = { label: string; color: string; variant: 'filled' | 'light'; icon: ReactNode; hint?: string };

/** Each state in words and colour (never colour alone), so an overdue reminder is not read as a future one. */
const stateLooks: Record<ReminderState, StateLook> = {
  overdue: {
    label: 'Overdue',
    color: 'red',
    variant: 'filled',
    icon: <IconAlertTriangle size={14} aria-hidden />,
    hint: 'No follow-up since this date.',
  },
  'due-today': {
    label: 'Due today',
    color: 'orange',
    variant: 'filled',
    icon: <IconBell size={14} aria-hidden />,
    hint: 'No follow-up yet today.',
  },
  upcoming: { label: 'Upcoming', color: 'blue', variant: 'light', icon: <IconClock size={14} aria-hidden /> },
  'followed-up': { label: 'Followed up', color: 'green', variant: 'light', icon: <IconCheck size={14} aria-hidden /> },
};

type CardProps = { enrollment: EnrollmentDetail; reminder: Reminder; state: ReminderState };

function ReminderCard({ enrollment, reminder, state }: CardProps) {
  const label = `Reminder of ${formatDate(reminder.date)}`;
  const look = stateLooks[state];
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      aria-label={label}
      data-state={state}
      style={{ borderLeft: `4px solid var(--mantine-color-${look.color}-filled)` }}
    >
      <Group justify="space-between" gap="xs" mb={reminder.notes.length ? 'xs' : 0}>
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{formatDate(reminder.date)}</Text>
            <Badge color={look.color} variant={look.variant} leftSection={look.icon}>
              {look.label}
            </Badge>
          </Group>
          {look.hint && (
            <Text size="xs" c={`${look.color}.8`}>
              {look.hint}
            </Text>
          )}
        </Stack>
        <Group gap={4}>
          <RecordFormButton
            variant="subtle"
            target={enrollmentTarget(enrollment, 'note', { type: 'reminder', id: reminder.id })}
            icon={<IconNote size={18} aria-hidden />}
            name={`Add a note: ${label}`}
          >
            Add a note
          </RecordFormButton>
          <RemoveRecordButton
            enrollmentId={enrollment.id}
            attribute="reminders_attributes"
            recordId={reminder.id}
            title={`Remove reminder of ${formatDate(reminder.date)}`}
          >
            The reminder of {formatDate(reminder.date)} and its notes are removed from this enrollment. The history of
            the change is kept.
          </RemoveRecordButton>
        </Group>
      </Group>
      {reminder.notes.length > 0 && <NoteList notes={reminder.notes} label={`Notes of the ${label.toLowerCase()}`} />}
    </Card>
  );
}

/**
 * The reminders of this enrollment, newest first, each marked overdue, due today, upcoming or
 * followed up. A reminder is due when its date has come and nothing was done for the student
 * since (DOMAIN.md, Follow-up).
 */
export function RemindersTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const today = todayIso();
  const items = enrollment.reminders.map((reminder) => ({ reminder, state: reminderState(reminder, enrollment, today) }));
  const dueCount = items.filter(({ state }) => state === 'overdue' || state === 'due-today').length;
  return (
    <>
      <TabToolbar title="Reminders">
        <RecordFormButton target={enrollmentTarget(enrollment, 'reminder')}>Add a reminder</RecordFormButton>
      </TabToolbar>
      {dueCount > 0 && (
        <Text size="sm" c="orange.8" mb="xs">
          {dueCount === 1
            ? '1 reminder is due: no follow-up since its date.'
            : `${dueCount} reminders are due: no follow-up since their dates.`}
        </Text>
      )}
      {enrollment.reminders.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No reminders.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reminders">
          {items.map(({ reminder, state }) => (
            <ReminderCard key={reminder.id} enrollment={enrollment} reminder={reminder} state={state} />
          ))}
        </Stack>
      )}
    </>
  );
}
