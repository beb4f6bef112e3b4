import { Alert, Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { type AssignableStudent, maxAssignAtOnce } from '@srs/shared/seminars';
import { IconUserPlus, IconUsersPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QuickFind } from '../../../components/quick-find.tsx';
import { useMinSearchLength } from '../../../lib/app-config.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { seminarsText } from '../messages.ts';
import { assignableStudentsQuery, recentlyAssignedQuery, useAssignSeveral, useAssignStudent } from '../api.ts';
import { type AssignOutcome, assignOutcome } from '../assign-results.ts';
import { personName, schoolLabel } from '../format.ts';
import { SeminarStudentsTable } from './seminar-students-table.tsx';

const perPage = 10;

/**
 * Students of the user's scope, in the schools holding or joining the seminar and not yet in it;
 * 'Assign' enrolls one (status Applied), or those ticked, across searches and pages, in one
 * request ('Assign N selected'); who could not be assigned is listed with why. The recently
 * assigned show below.
 */
export function AssignStudents({ seminarId, seminarName }: { seminarId: number; seminarName: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const t = seminarsText.useT();
  const minLength = useMinSearchLength();
  const query = useQuery(assignableStudentsQuery(seminarId, { query: search || undefined, page, per_page: perPage }));
  const recent = useQuery(recentlyAssignedQuery(seminarId));
  const assign = useAssignStudent(seminarId);
  const [assigning, setAssigning] = useState<number | null>(null);
  const several = useAssignSeveral(seminarId);
  const [picked, setPicked] = useState<ReadonlyMap<number, AssignableStudent>>(new Map());
  const [outcome, setOutcome] = useState<AssignOutcome | null>(null);
  const toggle = (student: AssignableStudent) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(student.id)) next.delete(student.id);
      else next.set(student.id, student);
      return next;
    });
  const assignPicked = () => {
    const chosen = new Map(picked);
    setOutcome(null);
    several.mutate([...chosen.keys()], {
      onSuccess: (answer) => {
        const said = assignOutcome(answer.results, (id) => (chosen.has(id) ? personName(chosen.get(id)!) : t('studentFallback', { id: String(id) })), seminarName);
        if (said.assigned) showSuccess(said.assigned);
        setOutcome(said.refused.length > 0 ? said : null);
        setPicked(new Map());
      },
    });
  };
  const columns: Column<AssignableStudent>[] = [
    {
      key: 'pick',
      header: t('selectHeader'),
      width: 70,
      render: (student) => (
        <Checkbox
          aria-label={t('selectStudent', { name: personName(student) })}
          checked={picked.has(student.id)}
          disabled={several.isPending || (!picked.has(student.id) && picked.size >= maxAssignAtOnce)}
          onChange={() => toggle(student)}
        />
      ),
    },
    { key: 'name', header: t('nameHeader'), render: (student) => personName(student) },
    { key: 'school', header: t('schoolHeader'), render: (student) => schoolLabel(student.school) },
    { key: 'city', header: t('cityHeader'), render: (student) => student.city ?? '' },
    {
      key: 'assign',
      header: t('assignHeader'),
      render: (student) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconUserPlus size={14} aria-hidden />}
          loading={assign.isPending && assigning === student.id}
          aria-label={t('assignStudent', { name: personName(student) })}
          onClick={() => {
            setAssigning(student.id);
            assign.mutate(student.id, {
              onSuccess: (row) =>
                showSuccess(
                  seminarsText.t('assigned', { name: personName(student), seminar: seminarName, number: row.registration_number }),
                ),
            });
          }}
        >
          {t('assign')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('assignTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('assignIntro')}
          </Text>
          <QuickFind
            label={t('findToAssign')}
            value={search}
            minLength={minLength}
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
          />
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm" fw={600} aria-live="polite">
              {t('selectedCount', { count: picked.size })}
            </Text>
            <Group gap="xs">
              {picked.size > 0 && (
                <Button variant="subtle" size="xs" disabled={several.isPending} onClick={() => setPicked(new Map())}>
                  {t('clearSelection')}
                </Button>
              )}
              <Button
                size="xs"
                leftSection={<IconUsersPlus size={14} aria-hidden />}
                disabled={picked.size === 0}
                loading={several.isPending}
                onClick={assignPicked}
              >
                {t('assignSelected', { count: picked.size })}
              </Button>
            </Group>
          </Group>
          {outcome && (
            <Alert
              color="yellow"
              title={t('notAssigned', { count: outcome.refused.length })}
              withCloseButton
              closeButtonLabel={t('dismiss')}
              onClose={() => setOutcome(null)}
            >
              <List size="sm">
                {outcome.refused.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <DataTable
            label={t('studentsToAssign')}
            columns={columns}
            rows={query.data?.students}
            rowKey={(student) => student.id}
            emptyMessage={t('noStudentsToAssign')}
            loading={query.isPending}
          />
          <ListPagination pagination={query.data?.pagination} page={page} onPage={setPage} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('recentlyAssigned')}
          </Title>
          <SeminarStudentsTable
            label={t('recentlyAssigned')}
            students={recent.data?.students}
            loading={recent.isPending}
            emptyMessage={t('noneAssignedYet')}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
