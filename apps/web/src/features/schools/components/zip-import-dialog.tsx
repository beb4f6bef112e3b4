import type { BulkZipImportResponse, BulkZipRow } from '@srs/shared/schools';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { useZipImport } from '../api.ts';
import { type SchoolsT, schoolsText } from '../messages.ts';
import { withNodes } from '../../../i18n/rich-text.ts';
import { schoolName } from '../school-outlet.ts';

/** The file's columns, as the file names them (never translated). */
const fileColumns = ['school_code', 'zip_code'].join(',');

const statusesOf = (t: SchoolsT) => ({
  accepted: { label: t('zipWillBeClaimed'), color: 'green' },
  unchanged: { label: t('zipAlreadyClaimed'), color: 'gray' },
  rejected: { label: t('rejected'), color: 'red' },
});

const columnsOf = (t: SchoolsT): readonly Column<BulkZipRow>[] => [
  { key: 'school', header: t('schoolHeader'), render: (row) => (row.school ? schoolName(row.school) : row.school_code || '-') },
  { key: 'zip', header: t('zipCodeHeader'), render: (row) => row.zip_code || '-' },
];

const filtersOf = (t: SchoolsT) =>
  [
    { status: 'accepted', label: t('accepted'), count: (result: BulkZipImportResponse) => result.accepted_count },
    { status: 'rejected', label: t('rejectedFilter'), count: (result: BulkZipImportResponse) => result.rejected_count },
  ] as const;

/**
 * 'Import claimed zips': a CSV of school_code,zip_code. The preview shows every row's result
 * (rejected rows with their reason); Confirm applies the accepted rows all together, or nothing.
 */
export function ZipImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = schoolsText.useT();
  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title={t('importClaimedZips')}
      intro={<>{withNodes((marks) => t('zipImportIntro', { columns: marks.columns }), { columns: <code>{fileColumns}</code> })}</>}
      importer={useZipImport()}
      columns={columnsOf(t)}
      statuses={statusesOf(t)}
      filters={filtersOf(t)}
      summary={(preview) =>
        t('zipImportSummary', {
          accepted: preview.accepted_count,
          unchanged: preview.unchanged_count,
          rejected: preview.rejected_count,
        })
      }
      confirm={(preview) => ({
        label: preview ? t('claimZipCodesCount', { count: preview.accepted_count }) : t('claimZipCodes'),
        count: preview?.accepted_count ?? 0,
      })}
      success={(result) => schoolsText.t('zipCodesClaimed', { count: result.accepted_count })}
    />
  );
}
