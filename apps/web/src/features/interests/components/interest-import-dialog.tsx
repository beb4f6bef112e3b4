import { interestImportColumns, type InterestImportResponse, type InterestImportRow } from '@srs/shared/interests';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { useInterestImport } from '../api.ts';
import { plural } from '../format.ts';

const statuses = {
  accepted: { label: 'Will be added', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

const columns: readonly Column<InterestImportRow>[] = [
  { key: 'name', header: 'NAME', render: (row) => [row.first_name, row.last_name].filter(Boolean).join(' ') || '-' },
  { key: 'zip', header: 'ZIP CODE', render: (row) => row.zip_code || '-' },
];

const filters = [
  { status: 'accepted', label: 'Accepted', count: (result: InterestImportResponse) => result.accepted_count },
  { status: 'rejected', label: 'Rejected', count: (result: InterestImportResponse) => result.rejected_count },
] as const;

/**
 * 'Import CSV': people who asked for Bible studies, one a line under a first line naming the
 * columns. The preview shows every line's result; Confirm adds the accepted lines all together, or nothing.
 */
export function InterestImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title="Import interests"
      intro={
        <>
          Choose a CSV file whose first line names its columns: <code>first_name</code> and <code>last_name</code>, and any of{' '}
          <code>{interestImportColumns.slice(2).join(', ')}</code>. The course or seminar is given by its name.
        </>
      }
      importer={useInterestImport()}
      columns={columns}
      statuses={statuses}
      filters={filters}
      summary={(preview) => (
        <>
          {plural(preview.accepted_count, 'interest')} will be added; {plural(preview.rejected_count, 'line')} rejected and
          left out.
        </>
      )}
      confirm={(preview) => ({
        label: preview ? `Add ${plural(preview.accepted_count, 'interest')}` : 'Add interests',
        count: preview?.accepted_count ?? 0,
      })}
      success={(result) => `${plural(result.accepted_count, 'interest')} added.`}
    />
  );
}
