import { admins } from '@srs/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { ListPage } from '../components/list-page.tsx';
import { listQuery } from '../components/list-query.ts';
import { useListParams } from '../components/use-list-params.ts';
import { defaultSeriesSort, seminarsQuery } from '../features/series/api.ts';
import { SeminarsTable } from '../features/series/components/seminars-table.tsx';
import { useCan } from '../lib/permissions.ts';

export function Component() {
  const list = useListParams(defaultSeriesSort);
  const result = useQuery(seminarsQuery(listQuery(list)));
  const linkNames = useCan(admins);
  return (
    <ListPage
      title="Seminars"
      searchText={list.searchText}
      onSearch={list.onSearch}
      pagination={result.data?.pagination}
      page={list.page}
      onPage={list.onPage}
    >
      <SeminarsTable
        seminars={result.data?.seminars}
        loading={result.isFetching}
        linkNames={linkNames}
        sort={{ state: list.sort, onSort: list.onSort }}
      />
    </ListPage>
  );
}
