import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { EnrollmentDetail, Reminder } from '@srs/shared/enrollments';
import { IconAlertTriangle, IconBell, IconCheck, IconClock, IconNote } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../../i18n/format.ts';
import { todayIso } from '../../../lib/dates.ts';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { remindersText } from '../reminders-text.ts';
import { type ReminderState, reminderState } from './enrollment-format.ts';
import { NoteList } from './note-list.tsx';
import { RecordFormButton } from './record-form-button.tsx';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { TabToolbar } from './tab-toolbar.tsx';

type Words = 'overdue' | 'overdueHint' | 'dueToday' | 'dueTodayHint' | 'upcoming' | 'followedUp';
type StateLook = { words: Words; color: string; variant: 'filled' | 'light'; icon: ReactNode; why?: Words };

/** Each state in words and colour (never colour alone), so an overdue reminder is not read as a future one. */
const stateLooks: Record<ReminderState, StateLook> = {
  overdue: {
    words: 'overdue',
    color: 'red',
    variant: 'filled',
    icon: <IconAlertTriangle size={14} aria-hidden />,
    why: 'overdueHint',
  },
  'due-today': {
    words: 'dueToday',
    color: 'orange',
    variant: 'filled',
    icon: <IconBell size={14} aria-hidden />,
    why: 'dueTodayHint',
  },
  upcoming: { words: 'upcoming', color: 'blue', variant: 'light', icon: <IconClock size={14} aria-hidden /> },
  'followed-up': { words: 'followedUp', color: 'green', variant: 'light', icon: <IconCheck size={14} aria-hidden /> },
};

type CardProps = { enrollment: EnrollmentDetail; reminder: Reminder; state: ReminderState };

function ReminderCard({ enrollment, reminder, state }: CardProps) {
  const t = remindersText.useT();
  const date = formatDate(reminder.date);
  const label = t('reminderOf', { date });
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
            <Text fw={600}>{date}</Text>
            <Badge color={look.color} variant={look.variant} leftSection={look.icon}>
              {t(look.words)}
            </Badge>
          </Group>
          {look.why && (
            <Text size="xs" c={`${look.color}.8`}>
              {t(look.why)}
            </Text>
          )}
        </Stack>
        <Group gap={4}>
          <RecordFormButton
            variant="subtle"
            target={enrollmentTarget(enrollment, 'note', { type: 'reminder', id: reminder.id })}
            icon={<IconNote size={18} aria-hidden />}
            name={t('addNoteToReminder', { date })}
          >
            {t('addNote')}
          </RecordFormButton>
          <RemoveRecordButton
            enrollmentId={enrollment.id}
            attribute="reminders_attributes"
            recordId={reminder.id}
            title={t('removeNamed', { date })}
          >
            {t('removeBody', { date })}
          </RemoveRecordButton>
        </Group>
      </Group>
      {reminder.notes.length > 0 && <NoteList notes={reminder.notes} label={t('notesOfReminder', { date })} />}
    </Card>
  );
}

/**
 * The reminders of this enrollment, newest first, each marked overdue, due today, upcoming or
 * followed up. A reminder is due when its date has come and nothing was done for the student
 * since (DOMAIN.md, Follow-up).
 */
export function RemindersTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = remindersText.useT();
  const today = todayIso();
  const items = enrollment.reminders.map((reminder) => ({ reminder, state: reminderState(reminder, enrollment, today) }));
  const dueCount = items.filter(({ state }) => state === 'overdue' || state === 'due-today').length;
  return (
    <>
      <TabToolbar title={t('title')}>
        <RecordFormButton target={enrollmentTarget(enrollment, 'reminder')}>{t('addReminder')}</RecordFormButton>
      </TabToolbar>
      {dueCount > 0 && (
        <Text size="sm" c="orange.8" mb="xs">
          {t('dueCount', { count: dueCount, n: String(dueCount) })}
        </Text>
      )}
      {enrollment.reminders.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('noReminders')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
          {items.map(({ reminder, state }) => (
            <ReminderCard key={reminder.id} enrollment={enrollment} reminder={reminder} state={state} />
          ))}
        </Stack>
      )}
    </>
  );
}
