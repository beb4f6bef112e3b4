import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListPage } from '../components/list-page.tsx';
import { listQuery } from '../components/list-query.ts';
import { useListParams } from '../components/use-list-params.ts';
import { seminarsText } from '../features/seminars/messages.ts';
import { defaultSeriesSort, seminarsQuery } from '../features/series/api.ts';
import { SeminarsTable } from '../features/series/components/seminars-table.tsx';
import { useCanOpen } from '../lib/site-map/page-match.ts';
import { pages } from '../lib/site-map/pages.ts';

/**
 * The seminar list (SPEC section 2, Shared list behaviour), with 'New seminar' for those who create
 * seminars: school and global admins (SPEC section 6; the form asks for the hosting school). Its
 * title is drawn in the reader's language, so it is a list page of its own rather than listRoute's.
 */
export function Component() {
  const t = seminarsText.useT();
  const list = useListParams(defaultSeriesSort);
  const result = useQuery(seminarsQuery(listQuery(list)));
  const canCreate = useCanOpen('seminar-new');
  const linkNames = useCanOpen('seminar');
  return (
    <ListPage
      title={t('seminars')}
      searchText={list.searchText}
      onSearch={list.onSearch}
      pagination={result.data?.pagination}
      page={list.page}
      onPage={list.onPage}
    >
      {canCreate && (
        <Group justify="flex-end" mb="sm">
          <Button component={Link} to={pages['seminar-new'].path} variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('newSeminar')}
          </Button>
        </Group>
      )}
      <SeminarsTable
        seminars={result.data?.seminars}
        loading={result.isFetching}
        linkNames={linkNames}
        sort={{ state: list.sort, onSort: list.onSort }}
      />
    </ListPage>
  );
}
