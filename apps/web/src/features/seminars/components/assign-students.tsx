import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { AssignableStudent } from '@srs/shared/seminars';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QuickFind } from '../../../components/quick-find.tsx';
import { useMinSearchLength } from '../../../lib/app-config.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { assignableStudentsQuery, recentlyAssignedQuery, useAssignStudent } from '../api.ts';
import { personName, schoolLabel } from '../format.ts';
import { SeminarStudentsTable } from './seminar-students-table.tsx';

const perPage = 10;

/**
 * Students of the user's scope, in the schools holding or joining the seminar and not yet in it;
 * 'Assign' enrolls one (status Applied). The recently assigned show below.
 */
export function AssignStudents({ seminarId, seminarName }: { seminarId: number; seminarName: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const minLength = useMinSearchLength();
  const query = useQuery(assignableStudentsQuery(seminarId, { query: search || undefined, page, per_page: perPage }));
  const recent = useQuery(recentlyAssignedQuery(seminarId));
  const assign = useAssignStudent(seminarId);
  const [assigning, setAssigning] = useState<number | null>(null);
  const columns: Column<AssignableStudent>[] = [
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
            the status Applied.
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
