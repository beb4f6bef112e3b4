import { Button, Checkbox, Group, Paper, Radio, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { activeStatuses } from '@srs/shared/enrollments';
import { type PaperSize, ticketsPerPage } from '@srs/shared/seminars';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PdfProgress } from '../../../components/export-progress.tsx';
import { usePdfMaking } from '../../../components/use-pdf-making.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { printTickets, seminarStudentsQuery } from '../api.ts';
import { personName } from '../format.ts';
import { seminarsText } from '../messages.ts';

/**
 * Admission tickets (DOMAIN.md, Exports and printing) for every active student of the seminar or
 * the chosen ones, eight to a page, on the paper the user has.
 */
export function PrintTickets({ seminarId }: { seminarId: number }) {
  const t = seminarsText.useT();
  const query = useQuery(seminarStudentsQuery(seminarId, { per_page: 500, sortBy: 'name' }));
  const students = (query.data?.students ?? []).filter(
    (row) => !row.orphaned && activeStatuses.includes(row.status),
  );
  const [paper, setPaper] = useState<PaperSize>('letter');
  const [which, setWhich] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<number[]>([]);
  const { making, make } = usePdfMaking();
  const count = which === 'all' ? students.length : chosen.length;
  const pages = Math.ceil(count / ticketsPerPage);
  const print = async () => {
    const printed = await make(() => printTickets(seminarId, which === 'all' ? [] : chosen, paper));
    if (printed !== null) showSuccess(seminarsText.t('ticketsSaved', { count: printed }));
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="md" maw={640}>
        <Title order={2} size="h4">
          {t('printTickets')}
        </Title>
        <Text size="sm">{t('ticketsIntro')}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="ticket-paper">
            {t('paper')}
          </Text>
          <SegmentedControl
            aria-labelledby="ticket-paper"
            value={paper}
            onChange={(value) => setPaper(value as PaperSize)}
            data={[
              { value: 'letter', label: t('usLetter') },
              { value: 'a4', label: t('a4') },
            ]}
            w={{ base: '100%', sm: 280 }}
          />
        </Stack>
        <Radio.Group label={t('students')} value={which} onChange={(value) => setWhich(value as 'all' | 'chosen')}>
          <Stack gap="xs" mt={4}>
            <Radio value="all" label={t('everyStudent', { count: students.length })} />
            <Radio value="chosen" label={t('chosenStudents')} />
          </Stack>
        </Radio.Group>
        {which === 'chosen' && (
          <Checkbox.Group label={t('chooseStudents')} value={chosen.map(String)} onChange={(values) => setChosen(values.map(Number))}>
            <Stack gap="xs" mt={4}>
              {students.map((row) => (
                <Checkbox
                  key={row.enrollment_id}
                  value={String(row.enrollment_id)}
                  label={`${personName(row.student)} (${row.registration_number})`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {students.length === 0 && query.isSuccess && (
          <Text size="sm" c="dimmed">
            {t('noStudentsForTickets')}
          </Text>
        )}
        <Group gap="md">
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            disabled={count === 0}
            loading={making}
            onClick={() => void print()}
          >
            {count === 0 ? t('printTickets') : t('printTicketCount', { count, pages })}
          </Button>
          <PdfProgress making={making} what={t('tickets', { count })} />
        </Group>
      </Stack>
    </Paper>
  );
}
