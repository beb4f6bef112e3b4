import { Paper } from '@mantine/core';
import { admins } from '@srs/shared/roles';
import { IconCopy, IconFileUpload, IconTags } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListPagination } from '../components/list-pagination.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { QuickFind } from '../components/quick-find.tsx';
import { SortSelect } from '../components/sort-select.tsx';
import { useExports } from '../components/use-exports.ts';
import { commonText } from '../i18n/common.ts';
import { useListParams } from '../components/use-list-params.ts';
import { defaultStudentSort, studentFilterQuery, studentListQuery, studentsQuery } from '../features/students/api.ts';
import { AveryLabelsDialog } from '../features/students/components/avery-labels-dialog.tsx';
import { BulkReassignDialog } from '../features/students/components/bulk-reassign-dialog.tsx';
import { BulkShareDialog } from '../features/students/components/bulk-share-dialog.tsx';
import { StudentCards } from '../features/students/components/student-cards.tsx';
import { StudentFilters } from '../features/students/components/student-filters.tsx';
import {
  type BulkAction,
  StickySelectionActions,
  StudentSelectionBar,
} from '../features/students/components/student-selection-bar.tsx';
import { StudentsTable, useStudentSortOptions } from '../features/students/components/students-table.tsx';
import { useStudentSelection } from '../features/students/components/use-student-selection.ts';
import { studentsText } from '../features/students/messages.ts';
import { useMinSearchLength } from '../lib/app-config.ts';
import { loadFailureText } from '../lib/http-errors.ts';
import type { QueryParams } from '../lib/http.ts';
import { useCan } from '../lib/permissions.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';

/** The filter a selection belongs to: the search and filters, not the sort or the page. */
function selectionKey({ sortBy: _sortBy, orderBy: _orderBy, ...filter }: QueryParams): string {
  return JSON.stringify(filter);
}

export function Component() {
  const t = studentsText.useT();
  const c = commonText.useT();
  const list = useListParams(defaultStudentSort);
  const [, setParams] = useSearchParams();
  const mobile = useIsMobile();
  const sortOptions = useStudentSortOptions();
  const minLength = useMinSearchLength();
  const canReassign = useCan(admins);
  const students = useQuery(studentsQuery(studentListQuery(list.params)));
  const filter = studentFilterQuery(list.params);
  const exports = useExports('/students', filter, 'students');
  const selection = useStudentSelection(selectionKey(filter));
  const [dialog, setDialog] = useState<BulkAction | null>(null);
  const close = () => setDialog(null);
  // A bulk action done clears the selection: the students it named may have left this list.
  const bulk = {
    onClose: close,
    students: selection.students,
    onDone: () => {
      setDialog(null);
      selection.clear();
    },
  };
  const actionBar = { selection, canReassign, onAction: setDialog };
  const labels = { label: t('labels'), icon: <IconTags size={18} aria-hidden />, onClick: () => setDialog('labels') };
  // Issue 27: admins bring students in from a spreadsheet.
  const navigate = useNavigate();
  const importing = useCan(admins)
    ? [
        { label: c('import'), icon: <IconFileUpload size={18} aria-hidden />, onClick: () => void navigate('/students/import') },
        // Issue 27: the likely duplicates among the students they see, to merge.
        { label: t('findDuplicates'), icon: <IconCopy size={18} aria-hidden />, onClick: () => void navigate('/students/duplicates') },
      ]
    : [];
  const page = students.data?.students;
  // A refused search (too many in a minute) says so where the list would be, not 'No students found'.
  const failed = loadFailureText(students.error);
  const failedMessage = failed ? { failedMessage: failed } : {};

  return (
    <>
      <PageHeader title={t('students')} actions={[...exports, labels, ...importing]}>
        {!mobile && <QuickFind value={list.searchText} onSearch={list.onSearch} minLength={minLength} />}
      </PageHeader>
      <StudentFilters
        params={list.params}
        onChange={(next) => setParams(next, { preventScrollReset: true })}
        showSection={!mobile}
      />
      {mobile && <SortSelect options={sortOptions} sort={list.sort} onChange={list.onSortChange} />}
      <StudentSelectionBar actionsBelow={mobile} page={page} {...actionBar} />
      <Paper withBorder={!mobile} p={mobile ? 0 : 'sm'} bg={mobile ? 'transparent' : undefined}>
        {mobile ? (
          <StudentCards students={page} loading={students.isFetching} selection={selection} {...failedMessage} />
        ) : (
          <StudentsTable
            students={page}
            loading={students.isFetching}
            {...failedMessage}
            sort={list.sort}
            onSort={list.onSort}
            selection={selection}
          />
        )}
        <ListPagination pagination={students.data?.pagination} page={list.page} onPage={list.onPage} />
      </Paper>
      {mobile && <StickySelectionActions {...actionBar} />}
      {canReassign && <BulkReassignDialog opened={dialog === 'reassign'} {...bulk} />}
      <BulkShareDialog action="bulk_share" opened={dialog === 'share'} {...bulk} />
      <BulkShareDialog action="bulk_unshare" opened={dialog === 'unshare'} {...bulk} />
      <AveryLabelsDialog
        opened={dialog === 'labels'}
        onClose={close}
        selectedIds={selection.ids}
        filter={filter}
        filterCount={students.data?.pagination.total_capped ? undefined : students.data?.pagination.total_count}
      />
    </>
  );
}
