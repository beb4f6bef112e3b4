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
        const said = assignOutcome(answer.results, (id) => (chosen.has(id) ? personName(chosen.get(id)!) : `Student ${id}`), seminarName);
        if (said.assigned) showSuccess(said.assigned);
        setOutcome(said.refused.length > 0 ? said : null);
        setPicked(new Map());
      },
    });
  };
  const columns: Column<AssignableStudent>[] = [
    {
      key: 'pick',
      header: 'SELECT',
      width: 70,
      render: (student) => (
        <Checkbox
          aria-label={`Select ${personName(student)}`}
          checked={picked.has(student.id)}
          disabled={several.isPending || (!picked.has(student.id) && picked.size >= maxAssignAtOnce)}
          onChange={() => toggle(student)}
        />
      ),
    },
    { key: 'name', header: 'NAME', render: (student) => personName(student) },
    { key: 'school', header: 'SCHOOL', render: (student) => schoolLabel(student.school) },
    { key: 'city', header: 'CITY', render: (student) => student.city ?? '' },
    {
      key: 'assign',
      header: 'ASSIGN',
      render: (student) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconUserPlus size={14} aria-hidden />}
          loading={assign.isPending && assigning === student.id}
          aria-label={`Assign ${personName(student)}`}
          onClick={() => {
            setAssigning(student.id);
            assign.mutate(student.id, {
              onSuccess: (row) =>
                showSuccess(
                  `${personName(student)} is assigned to ${seminarName} (registration number ${row.registration_number}).`,
                ),
            });
          }}
        >
          Assign
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Assign students
          </Title>
          <Text size="sm" c="dimmed">
            Students of your schools taking part in this seminar who are not in it yet. Assigning one enrolls them with
            the status Applied. Tick several, across searches and pages, to assign them at once.
          </Text>
          <QuickFind
            label="Find a student to assign"
            value={search}
            minLength={minLength}
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
          />
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm" fw={600} aria-live="polite">
              {picked.size === 0 ? 'None selected' : `${picked.size} selected`}
            </Text>
            <Group gap="xs">
              {picked.size > 0 && (
                <Button variant="subtle" size="xs" disabled={several.isPending} onClick={() => setPicked(new Map())}>
                  Clear selection
                </Button>
              )}
              <Button
                size="xs"
                leftSection={<IconUsersPlus size={14} aria-hidden />}
                disabled={picked.size === 0}
                loading={several.isPending}
                onClick={assignPicked}
              >
                {picked.size === 0 ? 'Assign selected' : `Assign ${picked.size} selected`}
              </Button>
            </Group>
          </Group>
          {outcome && (
            <Alert
              color="yellow"
              title={`Not assigned: ${outcome.refused.length} ${outcome.refused.length === 1 ? 'student' : 'students'}`}
              withCloseButton
              closeButtonLabel="Dismiss"
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
            label="Students to assign"
            columns={columns}
            rows={query.data?.students}
            rowKey={(student) => student.id}
            emptyMessage="No students to assign."
            loading={query.isPending}
          />
          <ListPagination pagination={query.data?.pagination} page={page} onPage={setPage} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Recently assigned
          </Title>
          <SeminarStudentsTable
            label="Recently assigned"
            students={recent.data?.students}
            loading={recent.isPending}
            emptyMessage="No students assigned yet."
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
