import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../components/list-pagination.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { QuickFind } from '../components/quick-find.tsx';
import { useCsvExport } from '../components/use-csv-export.ts';
import { useListParams } from '../components/use-list-params.ts';
import { defaultStudentSort, studentFilterQuery, studentListQuery, studentsQuery } from '../features/students/api.ts';
import { StudentCards } from '../features/students/components/student-cards.tsx';
import { StudentFilters } from '../features/students/components/student-filters.tsx';
import { StudentsTable } from '../features/students/components/students-table.tsx';
import { useMinSearchLength } from '../lib/app-config.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';

export function Component() {
  const list = useListParams(defaultStudentSort);
  const [, setParams] = useSearchParams();
  const mobile = useIsMobile();
  const minLength = useMinSearchLength();
  const students = useQuery(studentsQuery(studentListQuery(list.params)));
  const csv = useCsvExport('/students.csv', studentFilterQuery(list.params), 'students');

  return (
    <>
      <PageHeader title="Students" actions={[csv]}>
        {!mobile && <QuickFind value={list.searchText} onSearch={list.onSearch} minLength={minLength} />}
      </PageHeader>
      <StudentFilters params={list.params} onChange={setParams} showSection={!mobile} />
      <Paper withBorder={!mobile} p={mobile ? 0 : 'sm'} bg={mobile ? 'transparent' : undefined}>
        {mobile ? (
          <StudentCards students={students.data?.students} loading={students.isFetching} />
        ) : (
          <StudentsTable
            students={students.data?.students}
            loading={students.isFetching}
            sort={list.sort}
            onSort={list.onSort}
          />
        )}
        <ListPagination pagination={students.data?.pagination} page={list.page} onPage={list.onPage} />
      </Paper>
    </>
  );
}
