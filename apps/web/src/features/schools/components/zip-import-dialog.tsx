import { Alert, Badge, Button, FileInput, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import type { BulkZipImportResponse, BulkZipRow } from '@srs/shared/schools';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { showSuccess } from '../../../lib/toasts.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useZipImport } from '../api.ts';
import { plural, schoolName } from '../school-outlet.ts';

const statusColors: Record<BulkZipRow['status'], string> = { accepted: 'green', unchanged: 'gray', rejected: 'red' };
const statusLabels: Record<BulkZipRow['status'], string> = {
  accepted: 'Will be claimed',
  unchanged: 'Already claimed',
  rejected: 'Rejected',
};

const columns: readonly Column<BulkZipRow>[] = [
  { key: 'line', header: 'LINE', render: (row) => row.line, width: 70 },
  { key: 'school', header: 'SCHOOL', render: (row) => (row.school ? schoolName(row.school) : row.school_code || '-') },
  { key: 'zip', header: 'ZIP CODE', render: (row) => row.zip_code || '-' },
  {
    key: 'result',
    header: 'RESULT',
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <Badge variant="light" color={statusColors[row.status]}>
          {statusLabels[row.status]}
        </Badge>
        {row.reason && (
          <Text size="sm" c={row.status === 'rejected' ? 'red.8' : 'dimmed'}>
            {row.reason}
          </Text>
        )}
      </Stack>
    ),
  },
];

type Filter = 'all' | BulkZipRow['status'];

/**
 * 'Import claimed zips': a CSV of school_code,zip_code. The preview shows every row's result
 * (rejected rows with their reason); Confirm applies the accepted rows all together, or nothing.
 */
export function ZipImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mobile = useIsMobile();
  const importZips = useZipImport();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<BulkZipImportResponse | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setText(null);
    setPreview(null);
    setFilter('all');
    setFailure(null);
    importZips.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    const content = await chosen.text();
    setText(content);
    importZips.mutate(
      { file: content },
      { onSuccess: setPreview, onError: (error) => setFailure(error instanceof Error ? error.message : String(error)) },
    );
  };
  const confirm = () => {
    if (!text || !preview) return;
    setFailure(null);
    importZips.mutate(
      { file: text, preview },
      {
        onSuccess: (result) => {
          showSuccess(`${plural(result.accepted_count, 'zip code')} claimed.`);
          close();
        },
        onError: (error) => setFailure(error instanceof Error ? error.message : String(error)),
      },
    );
  };
  const shown = preview?.rows.filter((row) => filter === 'all' || row.status === filter);

  return (
    <Modal opened={opened} onClose={close} title="Import claimed zips" size="xl" fullScreen={mobile}>
      <Stack gap="md">
        <Text size="sm">
          Choose a CSV file with two columns, <code>school_code,zip_code</code>, one zip code a line. You will see what
          happens to every line before anything is saved.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv,text/plain"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
        />
        {importZips.isPending && !preview && <Text size="sm">Checking every line…</Text>}
        {failure && (
          <Alert color="red" title="Nothing was saved" role="alert">
            {failure}
          </Alert>
        )}
        {preview && (
          <>
            <Alert color={preview.accepted_count > 0 ? 'blue' : 'yellow'} title="What will happen">
              {plural(preview.accepted_count, 'zip code')} will be claimed;{' '}
              {plural(preview.unchanged_count, 'line')} already claimed by that school;{' '}
              {plural(preview.rejected_count, 'line')} rejected and left out.
            </Alert>
            <SegmentedControl
              value={filter}
              onChange={(value) => setFilter(value as Filter)}
              data={[
                { value: 'all', label: `All (${preview.rows.length})` },
                { value: 'accepted', label: `Accepted (${preview.accepted_count})` },
                { value: 'rejected', label: `Rejected (${preview.rejected_count})` },
              ]}
              fullWidth={mobile}
            />
            <DataTable
              label="Lines of the file"
              columns={columns}
              rows={shown?.slice(0, 1000)}
              rowKey={(row) => row.line}
              emptyMessage="No lines to show."
            />
            {(shown?.length ?? 0) > 1000 && (
              <Text size="sm" c="dimmed">
                The first 1,000 of {plural(shown?.length ?? 0, 'line')} are shown.
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={importZips.isPending}>
            Cancel
          </Button>
          <Button
            onClick={confirm}
            disabled={!preview || preview.accepted_count === 0}
            loading={importZips.isPending && preview !== null}
          >
            {preview ? `Claim ${plural(preview.accepted_count, 'zip code')}` : 'Claim zip codes'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
