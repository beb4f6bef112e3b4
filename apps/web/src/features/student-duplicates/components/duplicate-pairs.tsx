import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { type DuplicatePair, duplicateReasonLabels, type DuplicateStudent } from '@srs/shared/student-duplicates';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { mergePath, pairKey } from '../api.ts';
import { studentDuplicatesText } from '../messages.ts';

type Props = {
  pairs: readonly DuplicatePair[] | undefined;
  loading: boolean;
  failedMessage?: string;
  /** The pair being said not to be one person: its button waits. */
  saying: string | null;
  onNotSamePerson: (pair: DuplicatePair) => void;
};

/** One student of a pair: what tells two people apart, the name opening the student's page. */
function StudentFacts({ student }: { student: DuplicateStudent }) {
  const t = studentDuplicatesText.useT();
  const name = [student.first_name, student.middle_name, student.last_name].filter(Boolean).join(' ');
  const place = [student.city, [student.state, student.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={studentPath(student.id)} fw={600} size="sm">
        {name}
      </Anchor>
      <Text size="sm">{`(#${student.school.school_code}) ${student.school.church_name}`}</Text>
      {place && <Text size="sm">{place}</Text>}
      {student.email && <Text size="sm">{student.email}</Text>}
      {student.phone && <Text size="sm">{student.phone}</Text>}
      {student.registration_numbers.length > 0 && (
        <Text size="sm">{t('registration', { numbers: student.registration_numbers.join(', ') })}</Text>
      )}
      <Text size="xs" c="dimmed">
        {t('created', { date: formatDate(student.created_at.slice(0, 10)) })}
      </Text>
    </Stack>
  );
}

/** Likely duplicate pairs, strongest first: a table on desk, a card a pair on phones (DataTable stacks). */
export function DuplicatePairs({ pairs, loading, failedMessage, saying, onNotSamePerson }: Props) {
  const t = studentDuplicatesText.useT();
  const shared = useSharedText();
  const columns: Column<DuplicatePair>[] = [
    { key: 'first', header: t('studentHeader'), render: (pair) => <StudentFacts student={pair.students[0]} /> },
    { key: 'second', header: t('sameAsHeader'), render: (pair) => <StudentFacts student={pair.students[1]} /> },
    {
      key: 'why',
      header: t('whyHeader'),
      render: (pair) => (
        <Group gap={4}>
          {pair.reasons.map((reason) => (
            <Badge key={reason} color="orange" variant="light" size="sm">
              {shared(duplicateReasonLabels[reason])}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: '',
      render: (pair) => (
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={mergePath(pair)} size="xs" variant="light">
            {t('merge')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            loading={saying === pairKey(pair)}
            onClick={() => onNotSamePerson(pair)}
          >
            {t('notSamePerson')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      label={t('title')}
      columns={columns}
      rows={pairs}
      rowKey={pairKey}
      emptyMessage={t('noDuplicates')}
      loading={loading}
      scroll="page"
      {...(failedMessage ? { failedMessage } : {})}
    />
  );
}
