import { useQuery } from '@tanstack/react-query';
import { ListPage } from '../components/list-page.tsx';
import { listQuery } from '../components/list-query.ts';
import { useCsvExport } from '../components/use-csv-export.ts';
import { useListParams } from '../components/use-list-params.ts';
import { defaultSchoolSort, schoolsQuery } from '../features/schools/api.ts';
import { SchoolsTable } from '../features/schools/components/schools-table.tsx';

export function Component() {
  const list = useListParams(defaultSchoolSort);
  const query = listQuery(list);
  const schools = useQuery(schoolsQuery(query));
  const csv = useCsvExport('/schools.csv', { ...query, page: undefined, per_page: undefined }, 'schools');
  return (
    <ListPage
      title="Schools"
      actions={[csv]}
      searchText={list.searchText}
      onSearch={list.onSearch}
      pagination={schools.data?.pagination}
      page={list.page}
      onPage={list.onPage}
    >
      <SchoolsTable
        schools={schools.data?.schools}
        loading={schools.isFetching}
        sort={list.sort}
        onSort={list.onSort}
      />
    </ListPage>
  );
}
