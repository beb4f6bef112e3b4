import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ListPage } from '../components/list-page.tsx';
import { listQuery } from '../components/list-query.ts';
import { useListParams } from '../components/use-list-params.ts';
import { coursesQuery, defaultSeriesSort } from '../features/series/api.ts';
import { CoursesTable } from '../features/series/components/courses-table.tsx';
import { coursesText } from '../features/series/messages.ts';
import { useCanOpen } from '../lib/site-map/page-match.ts';

/**
 * The course list (SPEC section 2, Shared list behaviour), with 'New course' for those who keep
 * the catalogue (global admins: DOMAIN.md "Pages and navigation").
 */
export function Component() {
  const t = coursesText.useT();
  const navigate = useNavigate();
  const list = useListParams(defaultSeriesSort);
  const result = useQuery(coursesQuery(listQuery(list)));
  const linkNames = useCanOpen('course');
  const canCreate = useCanOpen('course-new');
  const actions = canCreate
    ? [{ label: t('newCourse'), icon: <IconPlus size={18} />, onClick: () => void navigate('/courses/new') }]
    : [];
  return (
    <ListPage
      title={t('courses')}
      actions={actions}
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
