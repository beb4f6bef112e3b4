import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListPagination } from '../components/list-pagination.tsx';
import { QuickFind } from '../components/quick-find.tsx';
import { SortSelect } from '../components/sort-select.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { userStudentsQuery } from '../features/instructors/api.ts';
import { useOutletUser } from '../features/instructors/user-outlet.ts';
import { defaultStudentSort, studentListQuery } from '../features/students/api.ts';
import { StudentCards } from '../features/students/components/student-cards.tsx';
import { StudentsTable, useStudentSortOptions } from '../features/students/components/students-table.tsx';
import { useMinSearchLength } from '../lib/app-config.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';

/** The instructor's students with the student list's search, sort and pages (GET /users/{id}/students). */
export function Component() {
  const user = useOutletUser();
  const list = useListParams(defaultStudentSort);
  const mobile = useIsMobile();
  const sortOptions = useStudentSortOptions();
  const minLength = useMinSearchLength();
  const students = useQuery(userStudentsQuery(user.id, studentListQuery(list.params)));
  const page = students.data?.students;
  return (
    <>
      <QuickFind value={list.searchText} onSearch={list.onSearch} minLength={minLength} />
      {mobile && <SortSelect options={sortOptions} sort={list.sort} onChange={list.onSortChange} />}
      <Paper withBorder={!mobile} p={mobile ? 0 : 'sm'} mt="sm" bg={mobile ? 'transparent' : undefined}>
        {mobile ? (
          <StudentCards students={page} loading={students.isFetching} />
        ) : (
          <StudentsTable students={page} loading={students.isFetching} sort={list.sort} onSort={list.onSort} />
        )}
        <ListPagination pagination={students.data?.pagination} page={list.page} onPage={list.onPage} />
      </Paper>
    </>
  );
}
