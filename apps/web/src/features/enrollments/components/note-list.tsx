import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { NoteItem } from '@srs/shared/enrollments';
import { formatDate } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { fullName, noteTypeLabel } from './enrollment-format.ts';

/** Notes as cards: type badge (Note / Prayer request), the text with its line breaks, author, date. */
export function NoteList({ notes, label }: { notes: readonly NoteItem[]; label: string }) {
  useLocale(); // drawn again in a new language
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {notes.map((note) => (
        <Card key={note.id} component="li" withBorder padding="sm">
          <Group gap="xs" mb={4} wrap="wrap">
            <Badge variant="light" color={note.type === 'PrayerRequest' ? 'grape' : 'gray'}>
              {noteTypeLabel(note.type)}
            </Badge>
            <Text size="xs" c="dimmed">
              {fullName(note.author)} · {formatDate(note.created_at)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.text}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
