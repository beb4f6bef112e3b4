import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ListPage } from '../components/list-page.tsx';
import { listQuery } from '../components/list-query.ts';
import { useExports } from '../components/use-exports.ts';
import { useListParams } from '../components/use-list-params.ts';
import { defaultInstructorSort, instructorsQuery } from '../features/instructors/api.ts';
import { InstructorsTable } from '../features/instructors/components/instructors-table.tsx';
import { SignupRequests } from '../features/instructors/components/signup-requests.tsx';
import { instructorsText } from '../features/instructors/messages.ts';
import { useCanOpen } from '../lib/site-map/page-match.ts';

/**
 * The instructor list (SPEC section 2, Shared list behaviour) with 'New instructor', and above it
 * the requests for an account that this admin may approve or decline.
 */
export function Component() {
  const navigate = useNavigate();
  const list = useListParams(defaultInstructorSort);
  const params = listQuery(list);
  const result = useQuery(instructorsQuery(params));
  const exports = useExports(
    '/users',
    { ...params, page: undefined, per_page: undefined, role: 'instructor' },
    'instructors',
  );
  const canCreate = useCanOpen('instructor-new');
  const t = instructorsText.useT();
  const create = {
    label: t('newInstructor'),
    icon: <IconPlus size={18} aria-hidden />,
    onClick: () => void navigate('/instructors/new'),
  };
  return (
    <ListPage
        title={t('instructors')}
        actions={canCreate ? [create, ...exports] : exports}
        searchText={list.searchText}
        onSearch={list.onSearch}
        pagination={result.data?.pagination}
        page={list.page}
        onPage={list.onPage}
      >
        <SignupRequests />
        <InstructorsTable
          users={result.data?.users}
          loading={result.isFetching}
          sort={{ state: list.sort, onSort: list.onSort }}
        />
      </ListPage>
  );
}
