import { useQuery } from '@tanstack/react-query';
import { ListPage } from '../components/list-page.tsx';
import { listQuery } from '../components/list-query.ts';
import { useCsvExport } from '../components/use-csv-export.ts';
import { useListParams } from '../components/use-list-params.ts';
import { defaultInstructorSort, instructorsQuery } from '../features/instructors/api.ts';
import { InstructorsTable } from '../features/instructors/components/instructors-table.tsx';

export function Component() {
  const list = useListParams(defaultInstructorSort);
  const query = listQuery(list);
  const instructors = useQuery(instructorsQuery(query));
  const csv = useCsvExport(
    '/users.csv',
    { ...query, page: undefined, per_page: undefined, role: 'instructor' },
    'instructors',
  );
  return (
    <ListPage
      title="Instructors"
      actions={[csv]}
      searchText={list.searchText}
      onSearch={list.onSearch}
      pagination={instructors.data?.pagination}
      page={list.page}
      onPage={list.onPage}
    >
      <InstructorsTable
        users={instructors.data?.users}
        loading={instructors.isFetching}
        sort={{ state: list.sort, onSort: list.onSort }}
      />
    </ListPage>
  );
}
