import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { EnrollmentDetail, Reminder } from '@srs/shared/enrollments';
import { IconNote } from '@tabler/icons-react';
import { todayIso } from '../../../lib/dates.ts';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { isReminderDue } from './enrollment-format.ts';
import { NoteList } from './note-list.tsx';
import { RecordFormButton } from './record-form-button.tsx';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { TabToolbar } from './tab-toolbar.tsx';

function ReminderCard({ enrollment, reminder, due }: { enrollment: EnrollmentDetail; reminder: Reminder; due: boolean }) {
  const label = `Reminder of ${formatDate(reminder.date)}`;
  return (
    <Card component="li" withBorder padding="sm" aria-label={label} data-due={due || undefined}>
      <Group justify="space-between" gap="xs" mb={reminder.notes.length ? 'xs' : 0}>
        <Group gap="xs">
          <Text fw={600}>{formatDate(reminder.date)}</Text>
          {due && (
            <Badge color="orange" variant="light">
              Due
            </Badge>
          )}
        </Group>
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
 * The reminders of this enrollment, newest first. A reminder is due when its date has come and
 * nothing was done for the student since (DOMAIN.md, Follow-up).
 */
export function RemindersTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const today = todayIso();
  const dueCount = enrollment.reminders.filter((r) => isReminderDue(r, enrollment, today)).length;
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
          {enrollment.reminders.map((reminder) => (
            <ReminderCard
              key={reminder.id}
              enrollment={enrollment}
              reminder={reminder}
              due={isReminderDue(reminder, enrollment, today)}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
