import { Alert, Badge, Button, FileInput, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useIsMobile } from '../lib/use-is-mobile.ts';
import { showSuccess } from '../lib/toasts.ts';
import { type Column, DataTable } from './data-table.tsx';
import { commonText } from '../i18n/common.ts';
import { formatNumber } from '../i18n/format.ts';
import { componentsText } from './text.ts';

/** A line of an imported file with its result, as a preview gives it. */
export type ImportRow = { line: number; status: string; reason: string | null };
export type ImportResult<Row extends ImportRow> = { rows: Row[]; applied: boolean; preview_token: string };
/** The import's one call: the preview without `preview`, the confirmation with it. */
export type ImportMutation<Result> = UseMutationResult<Result, Error, { file: string; preview?: Result }>;

/** How a result shows: its badge's words and colour; a rejection's reason is red. */
export type ImportStatus = { label: string; color: string };

type Props<Row extends ImportRow, Result extends ImportResult<Row>> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the file must hold, in words. */
  intro: ReactNode;
  importer: ImportMutation<Result>;
  /** The columns of a line, before its result. */
  columns: readonly Column<Row>[];
  statuses: Record<Row['status'], ImportStatus>;
  /** The filters above the lines besides All: each status with its count. */
  filters: readonly { status: Row['status']; label: string; count: (result: Result) => number }[];
  summary: (result: Result) => ReactNode;
  /** The confirm button's words, and how many lines it applies (none: it is disabled). */
  confirm: (result: Result | null) => { label: string; count: number };
  success: (result: Result) => string;
};

const shownAtMost = 1000;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Importing a CSV file: the preview shows every line's result (a rejected one with its reason);
 * Confirm applies the accepted lines all together, or nothing (the zip claims, the interests).
 */
export function CsvImportDialog<Row extends ImportRow, Result extends ImportResult<Row>>(props: Props<Row, Result>) {
  const { importer, statuses } = props;
  const t = componentsText.useT();
  const c = commonText.useT();
  const mobile = useIsMobile();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<Result | null>(null);
  const [filter, setFilter] = useState<string>('all');
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setText(null);
    setPreview(null);
    setFilter('all');
    setFailure(null);
    importer.reset();
  };
  const close = () => {
    reset();
    props.onClose();
  };
  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    const content = await chosen.text();
    setText(content);
    importer.mutate({ file: content }, { onSuccess: setPreview, onError: (error) => setFailure(messageOf(error)) });
  };
  const apply = () => {
    if (!text || !preview) return;
    setFailure(null);
    importer.mutate(
      { file: text, preview },
      {
        onSuccess: (result) => {
          showSuccess(props.success(result));
          close();
        },
        onError: (error) => {
          setFailure(messageOf(error));
          // The file's results may have changed since (another import, a claim): preview it again.
          setPreview(null);
          importer.mutate({ file: text }, { onSuccess: setPreview });
        },
      },
    );
  };
  const columns: readonly Column<Row>[] = [
    { key: 'line', header: t('lineColumn'), render: (row) => row.line, width: 70 },
    ...props.columns,
    {
      key: 'result',
      header: t('resultColumn'),
      render: (row) => {
        const status = statuses[row.status as Row['status']];
        return (
          <Stack gap={2} align="flex-start">
            <Badge variant="light" color={status.color}>
              {status.label}
            </Badge>
            {row.reason && (
              <Text size="sm" c={status.color === 'red' ? 'red.8' : 'dimmed'}>
                {row.reason}
              </Text>
            )}
          </Stack>
        );
      },
    },
  ];
  const shown = preview?.rows.filter((row) => filter === 'all' || row.status === filter);
  const confirm = props.confirm(preview);

  return (
    <Modal opened={props.opened} onClose={close} title={props.title} size="xl" fullScreen={mobile}>
      <Stack gap="md">
        <Text size="sm" component="div">
          {props.intro} {t('importPreviewNote')}
        </Text>
        <FileInput
          label={t('csvFile')}
          placeholder={t('chooseCsvFile')}
          accept=".csv,text/csv,text/plain"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
        />
        {importer.isPending && !preview && <Text size="sm">{t('checkingLines')}</Text>}
        {failure && (
          <Alert color="red" title={t('nothingSaved')} role="alert">
            {failure}
          </Alert>
        )}
        {preview && (
          <>
            <Alert color={confirm.count > 0 ? 'blue' : 'yellow'} title={t('whatWillHappen')}>
              {props.summary(preview)}
            </Alert>
            <SegmentedControl
              value={filter}
              onChange={setFilter}
              data={[
                { value: 'all', label: t('allLines', { count: String(preview.rows.length) }) },
                ...props.filters.map((option) => ({ value: option.status, label: `${option.label} (${option.count(preview)})` })),
              ]}
              fullWidth={mobile}
            />
            <DataTable
              label={t('linesOfFile')}
              columns={columns}
              rows={shown?.slice(0, shownAtMost)}
              rowKey={(row) => row.line}
              emptyMessage={t('noLines')}
            />
            {(shown?.length ?? 0) > shownAtMost && (
              <Text size="sm" c="dimmed">
                {t('firstLinesShown', { total: formatNumber(shown?.length ?? 0) })}
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={importer.isPending}>
            {c('cancel')}
          </Button>
          <Button onClick={apply} disabled={!preview || confirm.count === 0} loading={importer.isPending && preview !== null}>
            {confirm.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
