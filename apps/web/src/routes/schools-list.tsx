import { admins } from '@srs/shared/roles';
import { IconFileUpload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListPage } from '../components/list-page.tsx';
import { listQuery } from '../components/list-query.ts';
import type { PageAction } from '../components/page-header.tsx';
import { useExports } from '../components/use-exports.ts';
import { useListParams } from '../components/use-list-params.ts';
import { defaultSchoolSort, schoolsQuery } from '../features/schools/api.ts';
import { SchoolsTable } from '../features/schools/components/schools-table.tsx';
import { ZipImportDialog } from '../features/schools/components/zip-import-dialog.tsx';
import { schoolsText } from '../features/schools/messages.ts';
import { useCan } from '../lib/permissions.ts';
import { quickCreateRoles } from '../lib/site-map/entries.ts';
import { pathTo } from '../lib/site-map/paths.ts';

/** The schools list, with 'New school' (global admins) and 'Import claimed zips' (admins). */
export function Component() {
  const list = useListParams(defaultSchoolSort);
  const params = listQuery(list);
  const result = useQuery(schoolsQuery(params));
  const navigate = useNavigate();
  const exports = useExports('/schools', { ...params, page: undefined, per_page: undefined }, 'schools');
  const [importing, setImporting] = useState(false);
  const t = schoolsText.useT();
  const canCreate = useCan(quickCreateRoles('school'));
  const canImport = useCan(admins);
  const actions: PageAction[] = [...exports];
  if (canImport) {
    actions.push({
      label: t('importClaimedZips'),
      icon: <IconFileUpload size={18} aria-hidden />,
      onClick: () => setImporting(true),
    });
  }
  if (canCreate) {
    actions.push({ label: t('newSchool'), icon: <IconPlus size={18} aria-hidden />, onClick: () => void navigate(pathTo('school-new')) });
  }
  return (
    <ListPage
      title={t('schools')}
      actions={actions}
      searchText={list.searchText}
      onSearch={list.onSearch}
      pagination={result.data?.pagination}
      page={list.page}
      onPage={list.onPage}
    >
      <SchoolsTable
        schools={result.data?.schools}
        loading={result.isFetching}
        sort={{ state: list.sort, onSort: list.onSort }}
      />
      {canImport && <ZipImportDialog opened={importing} onClose={() => setImporting(false)} />}
    </ListPage>
  );
}
