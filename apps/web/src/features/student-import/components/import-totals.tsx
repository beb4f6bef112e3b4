import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { groupedNumber } from '@srs/shared/numbers';
import { type StudentImportResponse, type StudentImportStatus, studentImportStatuses } from '@srs/shared/student-import';
import { statusLabels } from '../fields.ts';
import { studentImportText } from '../messages.ts';

type Props = {
  totals: StudentImportResponse['totals'];
  filter: StudentImportStatus | 'all';
  onFilter: (filter: StudentImportStatus | 'all') => void;
};

/** The preview's totals per status, on top; each one shows only its rows (pressed again: all rows). */
export function ImportTotals({ totals, filter, onFilter }: Props) {
  const t = studentImportText.useT();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" role="group" aria-label={t('totals')}>
      {studentImportStatuses.map((status) => {
        const pressed = filter === status;
        return (
          <UnstyledButton
            key={status}
            aria-pressed={pressed}
            onClick={() => onFilter(pressed ? 'all' : status)}
          >
            <Paper
              withBorder
              p="xs"
              style={{ borderColor: pressed ? `var(--mantine-color-${statusLabels[status].color}-6)` : undefined }}
            >
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                {t(statusLabels[status].key)}
              </Text>
              <Text size="xl" fw={700} c={`${statusLabels[status].color}.8`}>
                {groupedNumber(totals[status])}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
