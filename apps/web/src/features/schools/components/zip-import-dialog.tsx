import type { BulkZipImportResponse, BulkZipRow } from '@srs/shared/schools';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { useZipImport } from '../api.ts';
import { plural, schoolName } from '../school-outlet.ts';

const statuses = {
  accepted: { label: 'Will be claimed', color: 'green' },
  unchanged: { label: 'Already claimed', color: 'gray' },
  rejected: { label: 'Rejected', color: 'red' },
};

const columns: readonly Column<BulkZipRow>[] = [
  { key: 'school', header: 'SCHOOL', render: (row) => (row.school ? schoolName(row.school) : row.school_code || '-') },
  { key: 'zip', header: 'ZIP CODE', render: (row) => row.zip_code || '-' },
];

const filters = [
  { status: 'accepted', label: 'Accepted', count: (result: BulkZipImportResponse) => result.accepted_count },
  { status: 'rejected', label: 'Rejected', count: (result: BulkZipImportResponse) => result.rejected_count },
] as const;

/**
 * 'Import claimed zips': a CSV of school_code,zip_code. The preview shows every row's result
 * (rejected rows with their reason); Confirm applies the accepted rows all together, or nothing.
 */
export function ZipImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title="Import claimed zips"
      intro={
        <>
          Choose a CSV file with two columns, <code>school_code,zip_code</code>, one zip code a line.
        </>
      }
      importer={useZipImport()}
      columns={columns}
      statuses={statuses}
      filters={filters}
      summary={(preview) => (
        <>
          {plural(preview.accepted_count, 'zip code')} will be claimed; {plural(preview.unchanged_count, 'line')} already
          claimed by that school; {plural(preview.rejected_count, 'line')} rejected and left out.
        </>
      )}
      confirm={(preview) => ({
        label: preview ? `Claim ${plural(preview.accepted_count, 'zip code')}` : 'Claim zip codes',
        count: preview?.accepted_count ?? 0,
      })}
      success={(result) => `${plural(result.accepted_count, 'zip code')} claimed.`}
    />
  );
}
