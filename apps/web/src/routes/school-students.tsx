import { Anchor, Group, Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListPagination } from '../components/list-pagination.tsx';
import { QuickFind } from '../components/quick-find.tsx';
import { SortSelect } from '../components/sort-select.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { schoolStudentsQuery } from '../features/schools/api.ts';
import { schoolsText } from '../features/schools/messages.ts';
import { useOutletSchool } from '../features/schools/school-outlet.ts';
import { defaultStudentSort, studentListQuery } from '../features/students/api.ts';
import { StudentCards } from '../features/students/components/student-cards.tsx';
import { StudentsTable, useStudentSortOptions } from '../features/students/components/students-table.tsx';
import { useMinSearchLength } from '../lib/app-config.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';

/**
 * The students tab: the school's students with the student list's behaviour (SPEC section 2):
 * Quick find, sorting and pages in the URL. Labels, sharing and reassigning are on the student
 * list, filtered to this school.
 */
export function Component() {
  const school = useOutletSchool();
  const t = schoolsText.useT();
  const list = useListParams(defaultStudentSort);
  const mobile = useIsMobile();
  const sortOptions = useStudentSortOptions();
  const minLength = useMinSearchLength();
  const { school_id_eq: _school, ...query } = studentListQuery(list.params);
  const students = useQuery(schoolStudentsQuery(school.id, query));
  const page = students.data?.students;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <QuickFind value={list.searchText} onSearch={list.onSearch} minLength={minLength} />
        <Anchor component={Link} to={`/students?school_id_eq=${school.id}`} size="sm">
          {t('openInStudentList')}
        </Anchor>
      </Group>
      {mobile && <SortSelect options={sortOptions} sort={list.sort} onChange={list.onSortChange} />}
      <Paper withBorder={!mobile} p={mobile ? 0 : 'sm'} bg={mobile ? 'transparent' : undefined}>
        {mobile ? (
          <StudentCards students={page} loading={students.isFetching} />
        ) : (
          <StudentsTable students={page} loading={students.isFetching} sort={list.sort} onSort={list.onSort} />
        )}
        <ListPagination pagination={students.data?.pagination} page={list.page} onPage={list.onPage} />
      </Paper>
    </Stack>
  );
}
