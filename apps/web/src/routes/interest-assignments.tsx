import type { UnassignedInterest } from '@srs/shared/interests';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPage } from '../components/list-page.tsx';
import { SectionLinks } from '../components/section-links.tsx';
import { listQuery } from '../components/list-query.ts';
import { useListParams } from '../components/use-list-params.ts';
import { assignmentsQuery, defaultInterestSort } from '../features/interests/api.ts';
import { AssignDialog } from '../features/interests/components/assign-dialog.tsx';
import { UnassignedTable } from '../features/interests/components/unassigned-table.tsx';
import { interestsText } from '../features/interests/messages.ts';

/**
 * /interests/assignments: the interests nobody has assigned yet, oldest first, each with the school
 * the wizard's rule suggests; 'Assign…' makes the student and the enrollment in one save.
 */
export function Component() {
  const list = useListParams(defaultInterestSort);
  const result = useQuery(assignmentsQuery(listQuery(list)));
  const [assigning, setAssigning] = useState<UnassignedInterest | null>(null);
  const t = interestsText.useT();
  return (
    <>
      <SectionLinks section="interests" />
    <ListPage
      title={t('interestAssignments')}
      searchText={list.searchText}
      onSearch={list.onSearch}
      pagination={result.data?.pagination}
      page={list.page}
      onPage={list.onPage}
    >
      <UnassignedTable
        interests={result.data?.interests}
        loading={result.isFetching}
        sort={{ state: list.sort, onSort: list.onSort }}
        onAssign={setAssigning}
      />
      <AssignDialog interest={assigning} onClose={() => setAssigning(null)} />
    </ListPage>
    </>
  );
}
