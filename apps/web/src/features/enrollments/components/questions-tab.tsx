import { Group, Stack, Text, Title } from '@mantine/core';
import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { IconNote } from '@tabler/icons-react';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { lessonsText } from '../lessons-text.ts';
import { enrollmentsText } from '../messages.ts';
import { episodeLabel } from './enrollment-format.ts';
import { NoteList } from './note-list.tsx';
import { RecordFormButton } from './record-form-button.tsx';
import { TabToolbar } from './tab-toolbar.tsx';

/**
 * DOMAIN.md: the questions of a course enrollment are the notes attached to its lessons, what
 * the student wrote on the lessons sent back, grouped by lesson in the course's order.
 */
export function QuestionsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = lessonsText.useT();
  const e = enrollmentsText.useT();
  const target = enrollmentTarget(enrollment, 'note');
  const lessons = enrollment.episode_deliveries
    .filter((delivery) => delivery.notes.length > 0)
    .sort((a, b) => a.episode_position - b.episode_position);
  return (
    <>
      <TabToolbar title={t('questions')}>
        <RecordFormButton target={target}>{e('addNote')}</RecordFormButton>
      </TabToolbar>
      {lessons.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t('noQuestions')}
        </Text>
      )}
      <Stack gap="lg">
        {lessons.map((delivery) => {
          const name = episodeLabel({ position: delivery.episode_position, name: delivery.episode_name });
          const lesson = t('lesson', { lesson: name });
          return (
            <Stack key={delivery.id} gap="xs" component="section" aria-label={lesson}>
              <Group justify="space-between" gap="xs">
                <Title order={3} size="h5">
                  {lesson}
                </Title>
                <RecordFormButton
                  variant="subtle"
                  target={enrollmentTarget(enrollment, 'note', { type: 'lesson', id: delivery.id })}
                  icon={<IconNote size={18} aria-hidden />}
                  name={t('addNoteToLesson', { lesson: name })}
                >
                  {e('addNote')}
                </RecordFormButton>
              </Group>
              <NoteList notes={delivery.notes} label={t('notesOnLesson', { lesson: name })} />
            </Stack>
          );
        })}
      </Stack>
    </>
  );
}
