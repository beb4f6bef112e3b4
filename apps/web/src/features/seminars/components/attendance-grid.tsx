import { Checkbox, Group, Paper, ScrollArea, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { AttendanceRow } from '@srs/shared/seminars';
import type { Episode } from '@srs/shared/series';
import { messages } from '@srs/shared/messages';
import { type ReactNode, useState } from 'react';
import { useSharedText } from '../../../i18n/shared.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useTakeAttendance } from '../api.ts';
import { personName, schoolLabel, whenLabel } from '../format.ts';
import { seminarsText } from '../messages.ts';
import { SeminarStatusBadge } from './seminar-status-badge.tsx';

type Props = { seminarId: number; presentations: readonly Episode[]; students: readonly AttendanceRow[] };

/**
 * Who attended which presentation: a tick is PUT /enrollments/take_attendance, and the first one
 * makes the enrollment Attended. Desks get the whole grid; phones one presentation at a time.
 */
export function AttendanceGrid({ seminarId, presentations, students: all }: Props) {
  const t = seminarsText.useT();
  const shared = useSharedText();
  const mobile = useIsMobile();
  const [search, setSearch] = useState('');
  const students = matching(all, search);
  const take = useTakeAttendance(seminarId);
  const tick = (row: AttendanceRow, episode: Episode, attended: boolean) =>
    take.mutate({ episode_id: episode.id, attendances: [{ enrollment_id: row.enrollment_id, attended }] });
  const box = (row: AttendanceRow, episode: Episode, label: string) => (
    <Checkbox
      aria-label={label}
      size={mobile ? 'lg' : 'md'}
      checked={row.attended_episode_ids.includes(episode.id)}
      onChange={(event) => tick(row, episode, event.currentTarget.checked)}
    />
  );
  if (presentations.length === 0) {
    return <Empty text={t('noPresentationsForAttendance')} />;
  }
  if (all.length === 0) {
    return <Empty text={t('noStudentsForAttendance')} />;
  }
  const find = (
    <TextInput
      label={t('findStudent')}
      type="search"
      placeholder={t('findStudentPlaceholder')}
      value={search}
      onChange={(event) => setSearch(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      w={{ base: '100%', sm: 320 }}
    />
  );
  if (mobile) {
    return (
      <Stack gap="sm">
        {find}
        <OnePresentation presentations={presentations} students={students} box={box} />
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} size="h4">
          {t('attendance')}
        </Title>
        {find}
      </Group>
      {students.length === 0 && <Text size="sm">{shared(messages.noStudents)}</Text>}
      <ScrollArea type="auto">
        <Table striped highlightOnHover stickyHeader aria-label={t('attendance')} style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={sticky}>{t('studentHeader')}</Table.Th>
              <Table.Th miw={110}>{t('statusHeader')}</Table.Th>
              {presentations.map((episode, index) => (
                <Table.Th key={episode.id} ta="center">
                  <Text size="sm" fw={700}>
                    {index + 1}. {episode.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {whenLabel(episode)}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {students.map((row) => (
              <Table.Tr key={row.enrollment_id}>
                <Table.Td style={sticky}>
                  <Text size="sm">{personName(row.student)}</Text>
                  <Text size="xs" c="dimmed">
                    {row.registration_number} · {schoolLabel(row.school)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <SeminarStatusBadge status={row.status} />
                </Table.Td>
                {presentations.map((episode) => (
                  <Table.Td key={episode.id}>
                    <Group justify="center">
                      {box(row, episode, t('attendedPresentation', { name: personName(row.student), presentation: episode.name }))}
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}

/** The student column stays in view while the presentations scroll sideways. */
const sticky = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;

type OneProps = Omit<Props, 'seminarId'> & {
  box: (row: AttendanceRow, episode: Episode, label: string) => ReactNode;
};

/** Phones: choose the presentation, then tick the students present. */
function OnePresentation({ presentations, students, box }: OneProps) {
  const t = seminarsText.useT();
  const [chosen, setChosen] = useState<string>(String(presentations[0]?.id ?? ''));
  const episode = presentations.find((item) => String(item.id) === chosen) ?? presentations[0];
  if (!episode) return null;
  const present = students.filter((row) => row.attended_episode_ids.includes(episode.id)).length;
  return (
    <Stack gap="sm">
      <Select
        label={t('presentation')}
        data={presentations.map((item, index) => ({
          value: String(item.id),
          label: `${index + 1}. ${item.name} (${whenLabel(item)})`,
        }))}
        value={String(episode.id)}
        onChange={(value) => value && setChosen(value)}
        allowDeselect={false}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('presentCount', { present, total: students.length })}
      </Text>
      {students.map((row) => (
        <Paper key={row.enrollment_id} withBorder p="sm">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {personName(row.student)}
              </Text>
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {row.registration_number}
                </Text>
                <SeminarStatusBadge status={row.status} />
              </Group>
            </Stack>
            {box(row, episode, t('attendedPresentation', { name: personName(row.student), presentation: episode.name }))}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Every word of the search in the name, or a registration number that starts with it. */
export function matching(rows: readonly AttendanceRow[], search: string): readonly AttendanceRow[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const name = `${row.student.first_name} ${row.student.last_name}`.toLowerCase();
    return words.every((word) => name.includes(word) || row.registration_number.startsWith(word));
  });
}

function Empty({ text }: { text: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm">{text}</Text>
    </Paper>
  );
}
