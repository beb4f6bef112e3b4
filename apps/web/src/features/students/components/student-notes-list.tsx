import { Badge, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { StudentNote } from '@srs/shared/students';
import { formatDate } from '../../../i18n/format.ts';
import { fullName } from '../format.ts';
import { studentPageText } from '../messages.ts';
import { SeriesLink } from './series-link.tsx';
import { useNotLoadedText } from '../../../components/not-loaded.ts';

const noteTypeKeys = { Note: 'note', PrayerRequest: 'prayerRequest' } as const satisfies Record<StudentNote['type'], string>;

type Props = { studentId: number; notes: readonly StudentNote[] | undefined; loading: boolean };

/** The notes tab of a student: one card per note or prayer request, newest first. */
export function StudentNotesList({ studentId, notes, loading }: Props) {
  const t = studentPageText.useT();
  const notLoaded = useNotLoadedText();
  if (!notes) {
    return loading ? (
      <Center py="md">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    ) : (
      <Text c="dimmed" ta="center" py="md">
        {notLoaded()}
      </Text>
    );
  }
  if (notes.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {t('noNotes')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('notes')}>
      {notes.map((note) => (
        <Card key={note.id} withBorder padding="sm" component="li">
          <Group justify="space-between" gap="xs" mb={6}>
            <Badge variant="light" color={note.type === 'PrayerRequest' ? 'grape' : 'blue'}>
              {t(noteTypeKeys[note.type])}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDate(note.created_at)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.text}
          </Text>
          <Group gap={6} mt={6} wrap="wrap">
            <Text size="xs" c="dimmed" span>
              {note.context_label}
            </Text>
            {note.series_name && (
              <Text size="xs" c="dimmed" span>
                ·{' '}
                <SeriesLink
                  studentId={studentId}
                  enrollmentId={note.enrollment_id}
                  seriesType={note.series_type}
                  name={note.series_name}
                  size="xs"
                />
              </Text>
            )}
            {note.author && (
              <Text size="xs" c="dimmed" span>
                · {fullName(note.author)}
              </Text>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
