import { Anchor, Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { Student } from '@srs/shared/students';
import { Link } from 'react-router';
import { useSharedText } from '../../../i18n/shared.ts';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { addressLines, fullName, schoolLabel } from '../format.ts';
import { namesFromSearch } from '../forms/student-form-values.ts';
import { studentWizardText } from './messages.ts';

/** Enough to spot the person; a longer list asks for a more precise search instead. */
export const shownResults = 100;

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * A likely duplicate has the first and last name the new student would get from this search.
 * A one-word search names no last name, so it flags nobody.
 */
export function isLikelyDuplicate(student: Student, searchText: string): boolean {
  const names = namesFromSearch(searchText);
  return names.last_name !== '' && same(student.first_name, names.first_name) && same(student.last_name, names.last_name);
}

type Props = { students: readonly Student[]; searchText: string };

/** The students the search found, in every school the user can see, likely duplicates first. */
export function SearchResults({ students, searchText }: Props) {
  const t = studentWizardText.useT();
  const shared = useSharedText();
  if (students.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="sm">
        {shared(messages.noStudents)}
      </Text>
    );
  }
  const flagged = students.filter((student) => isLikelyDuplicate(student, searchText));
  const others = students.filter((student) => !isLikelyDuplicate(student, searchText));
  const shown = [...flagged, ...others].slice(0, shownResults);
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {t('studentsFound', { count: students.length })}
        {students.length > shown.length && ` ${t('firstShown', { shown: shown.length })}`}
      </Text>
      <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars>
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('studentsFoundLabel')}>
          {shown.map((student) => (
            <Paper key={student.id} component="li" withBorder p="xs">
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={studentPath(student.id)} fw={600} size="sm">
                  {fullName(student)}
                </Anchor>
                {isLikelyDuplicate(student, searchText) && (
                  <Badge color="orange" variant="light" size="sm">
                    {t('likelyDuplicate')}
                  </Badge>
                )}
              </Group>
              <Text size="sm">{addressLines(student).join(', ') || '-'}</Text>
              <Text size="sm" c="dimmed">
                {schoolLabel(student.school)}
              </Text>
            </Paper>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
