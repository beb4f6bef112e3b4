import { admins } from '@srs/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { ListPage } from '../components/list-page.tsx';
import { listQuery } from '../components/list-query.ts';
import { useListParams } from '../components/use-list-params.ts';
import { coursesQuery, defaultSeriesSort } from '../features/series/api.ts';
import { CoursesTable } from '../features/series/components/courses-table.tsx';
import { useCan } from '../lib/permissions.ts';

export function Component() {
  const list = useListParams(defaultSeriesSort);
  const result = useQuery(coursesQuery(listQuery(list)));
  const linkNames = useCan(admins);
  return (
    <ListPage
      title="Courses"
      searchText={list.searchText}
      onSearch={list.onSearch}
      pagination={result.data?.pagination}
      page={list.page}
      onPage={list.onPage}
    >
      <CoursesTable
        courses={result.data?.courses}
        loading={result.isFetching}
        linkNames={linkNames}
        sort={{ state: list.sort, onSort: list.onSort }}
      />
    </ListPage>
  );
}
