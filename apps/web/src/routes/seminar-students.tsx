import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListPagination } from '../components/list-pagination.tsx';
import { QuickFind } from '../components/quick-find.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { seminarStudentsQuery } from '../features/seminars/api.ts';
import { AssignStudents } from '../features/seminars/components/assign-students.tsx';
import { SeminarStudentsTable } from '../features/seminars/components/seminar-students-table.tsx';
import { seminarsText } from '../features/seminars/messages.ts';
import { useOutletSeminar } from '../features/seminars/seminar-outlet.ts';
import { useMinSearchLength } from '../lib/app-config.ts';

/** The seminar's students (SPEC section 2's list behaviour in the URL), then assigning more. */
export function Component() {
  const t = seminarsText.useT();
  const seminar = useOutletSeminar();
  const list = useListParams('name');
  const minLength = useMinSearchLength();
  const query = useQuery(
    seminarStudentsQuery(seminar.id, {
      page: list.page,
      sortBy: list.sort.sortBy,
      orderBy: list.sort.orderBy,
      query: list.searchText || undefined,
    }),
  );
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('studentsInSeminar')}
          </Title>
          <QuickFind value={list.searchText} onSearch={list.onSearch} minLength={minLength} />
          <SeminarStudentsTable
            label={t('studentsInSeminar')}
            students={query.data?.students}
            loading={query.isPending}
            sort={{ state: list.sort, onSort: list.onSort }}
          />
          <ListPagination pagination={query.data?.pagination} page={list.page} onPage={list.onPage} />
        </Stack>
      </Paper>
      <AssignStudents seminarId={seminar.id} seminarName={seminar.name} />
    </Stack>
  );
}
