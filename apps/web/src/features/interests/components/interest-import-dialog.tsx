import { interestImportColumns, type InterestImportResponse, type InterestImportRow } from '@srs/shared/interests';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { useInterestImport } from '../api.ts';
import { type InterestsT, interestsText } from '../messages.ts';
import { withNodes } from '../../../i18n/rich-text.ts';

const statusesOf = (t: InterestsT) => ({
  accepted: { label: t('willBeAdded'), color: 'green' },
  rejected: { label: t('rejected'), color: 'red' },
});

const columnsOf = (t: InterestsT): readonly Column<InterestImportRow>[] => [
  { key: 'name', header: t('nameHeader'), render: (row) => [row.first_name, row.last_name].filter(Boolean).join(' ') || '-' },
  { key: 'zip', header: t('zipCodeHeader'), render: (row) => row.zip_code || '-' },
];

const filtersOf = (t: InterestsT) =>
  [
    { status: 'accepted', label: t('accepted'), count: (result: InterestImportResponse) => result.accepted_count },
    { status: 'rejected', label: t('rejectedFilter'), count: (result: InterestImportResponse) => result.rejected_count },
  ] as const;

const [firstColumn, lastColumn, ...otherColumns] = interestImportColumns;

/**
 * 'Import CSV': people who asked for Bible studies, one a line under a first line naming the
 * columns. The preview shows every line's result; Confirm adds the accepted lines all together, or nothing.
 */
export function InterestImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = interestsText.useT();
  return (
    <CsvImportDialog
      opened={opened}
      onClose={onClose}
      title={t('importInterests')}
      intro={<>{withNodes((marks) => t('importIntro', { first: marks.first, last: marks.last, others: marks.others }), {
            first: <code>{firstColumn}</code>,
            last: <code>{lastColumn}</code>,
            others: <code>{otherColumns.join(', ')}</code>,
          })}</>}
      importer={useInterestImport()}
      columns={columnsOf(t)}
      statuses={statusesOf(t)}
      filters={filtersOf(t)}
      summary={(preview) => t('importSummary', { accepted: preview.accepted_count, rejected: preview.rejected_count })}
      confirm={(preview) => ({
        label: preview ? t('addInterestsCount', { count: preview.accepted_count }) : t('addInterests'),
        count: preview?.accepted_count ?? 0,
      })}
      success={(result) => interestsText.t('interestsAdded', { count: result.accepted_count })}
    />
  );
}
