import { IconFileUpload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage } from '../components/list-page.tsx';
import { SectionLinks } from '../components/section-links.tsx';
import { listQuery } from '../components/list-query.ts';
import { useExports } from '../components/use-exports.ts';
import { useListParams } from '../components/use-list-params.ts';
import { defaultInterestSort, interestsQuery } from '../features/interests/api.ts';
import { CloseInterestDialog } from '../features/interests/components/close-interest-dialog.tsx';
import type { InterestDialog } from '../features/interests/components/interest-actions.tsx';
import { InterestFilters } from '../features/interests/components/interest-filters.tsx';
import { InterestFormDialog } from '../features/interests/components/interest-form-dialog.tsx';
import { InterestImportDialog } from '../features/interests/components/interest-import-dialog.tsx';
import { InterestsTable } from '../features/interests/components/interests-table.tsx';
import { interestsText } from '../features/interests/messages.ts';

/** The status and source filters of the address, sent with the list and its exports. */
function filterOf(params: URLSearchParams) {
  return { status: params.get('status') ?? undefined, source: params.get('source') ?? undefined };
}

/**
 * /interests: everyone who asked for Bible studies, newest first, with their status; filters,
 * Quick find, CSV and Excel; a person typed in by hand or a CSV file imported after a preview.
 */
export function Component() {
  const list = useListParams(defaultInterestSort);
  const [, setParams] = useSearchParams();
  // Newest first until a header says otherwise.
  const sorted = list.params.has('sortBy') ? {} : { orderBy: 'desc' };
  const query = { ...listQuery(list), ...sorted, ...filterOf(list.params) };
  const result = useQuery(interestsQuery(query));
  const exports = useExports('/interests', { ...query, page: undefined, per_page: undefined }, 'interests');
  const [dialog, setDialog] = useState<InterestDialog | { kind: 'new' } | null>(null);
  const [importing, setImporting] = useState(false);
  const t = interestsText.useT();
  const close = () => setDialog(null);
  const actions = [
    ...exports,
    { label: t('importCsv'), icon: <IconFileUpload size={18} aria-hidden />, onClick: () => setImporting(true) },
    { label: t('newInterest'), icon: <IconPlus size={18} aria-hidden />, onClick: () => setDialog({ kind: 'new' }) },
  ];
  return (
    <>
      <SectionLinks section="interests" />
    <ListPage
      title={t('interestTrackingTitle')}
      actions={actions}
      searchText={list.searchText}
      onSearch={list.onSearch}
      pagination={result.data?.pagination}
      page={list.page}
      onPage={list.onPage}
    >
      <InterestFilters params={list.params} onChange={(next) => setParams(next, { preventScrollReset: true })} />
      <InterestsTable
        interests={result.data?.interests}
        loading={result.isFetching}
        sort={{ state: { sortBy: list.sort.sortBy, orderBy: (sorted.orderBy as 'desc' | undefined) ?? list.sort.orderBy }, onSort: list.onSort }}
        onDialog={setDialog}
      />
      <InterestFormDialog
        opened={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        interest={dialog?.kind === 'edit' ? dialog.interest : null}
        onClose={close}
      />
      <CloseInterestDialog interest={dialog?.kind === 'close' ? dialog.interest : null} onClose={close} />
      <InterestImportDialog opened={importing} onClose={() => setImporting(false)} />
    </ListPage>
    </>
  );
}
