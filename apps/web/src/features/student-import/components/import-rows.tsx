import { Anchor, Badge, Group, NativeSelect, Pagination, Stack, Text } from '@mantine/core';
import {
  type StudentImportChoice,
  type StudentImportRow,
  type StudentImportStatus,
  studentImportChoices,
} from '@srs/shared/student-import';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { canChoose } from '../api.ts';
import { withNodes } from '../../../i18n/rich-text.ts';
import { choiceKeys, matchReasonKeys, statusLabels } from '../fields.ts';
import { studentImportText } from '../messages.ts';

/** Rows shown a page at a time: a file may have 50,000. */
export const rowsPerPage = 100;

type Props = {
  rows: readonly StudentImportRow[];
  filter: StudentImportStatus | 'all';
  choices: Readonly<Record<number, StudentImportChoice>>;
  busy: boolean;
  onChoose: (line: number, choice: StudentImportChoice) => void;
  onChooseAll: (choice: StudentImportChoice) => void;
};

const nameOf = (row: { first_name: string; last_name: string }) => [row.first_name, row.last_name].filter(Boolean).join(' ') || '-';

function Details({ row }: { row: StudentImportRow }) {
  const t = studentImportText.useT();
  if (row.status === 'refused') {
    return (
      <Stack gap={0}>
        {row.reasons.map((reason) => (
          <Text key={reason} size="sm" c="red.8">
            {reason}
          </Text>
        ))}
      </Stack>
    );
  }
  if (row.status === 'repeated') return <Text size="sm">{t('sameAsLine', { line: row.repeats_line ?? '?' })}</Text>;
  if (row.status === 'match' && row.match) {
    const { match } = row;
    return (
      <Text size="sm">
        {withNodes(
          (marks) =>
            t('likelyMatch', {
              ...marks,
              code: match.school.school_code,
              church: match.school.church_name,
              why: match.why.map((why) => t(matchReasonKeys[why])).join(', '),
              enrolled: match.enrolled ? 'yes' : 'no',
            }),
          {
            name: (
              <Anchor component={Link} to={`/students/${match.student_id}`} target="_blank">
                {nameOf(match)}
              </Anchor>
            ),
          },
        )}
      </Text>
    );
  }
  return <Text size="sm">{row.series_name ? t('withSeries', { series: row.series_name }) : t('withoutEnrollment')}</Text>;
}

/** Every row of the preview, a page at a time, with its status, its reasons or its match, and for a match the choice. */
export function ImportRows({ rows, filter, choices, busy, onChoose, onChooseAll }: Props) {
  const [page, setPage] = useState(1);
  const t = studentImportText.useT();
  const shown = useMemo(() => (filter === 'all' ? rows : rows.filter((row) => row.status === filter)), [rows, filter]);
  const pages = Math.max(1, Math.ceil(shown.length / rowsPerPage));
  useEffect(() => setPage(1), [filter, rows]);
  const columns: readonly Column<StudentImportRow>[] = [
    { key: 'line', header: t('lineHeader'), render: (row) => row.line, width: 64 },
    { key: 'name', header: t('nameHeader'), render: nameOf },
    {
      key: 'status',
      header: t('statusHeader'),
      render: (row) => (
        <Badge variant="light" color={statusLabels[row.status].color}>
          {t(statusLabels[row.status].key)}
        </Badge>
      ),
      width: 110,
    },
    { key: 'details', header: t('detailsHeader'), render: (row) => <Details row={row} /> },
    {
      key: 'choice',
      header: t('choiceHeader'),
      width: 250,
      render: (row) =>
        row.status === 'match' ? (
          <NativeSelect
            aria-label={t('lineWhatToDo', { line: row.line })}
            size="xs"
            disabled={busy}
            value={choices[row.line] ?? 'skip'}
            onChange={(event) => onChoose(row.line, event.currentTarget.value as StudentImportChoice)}
            data={studentImportChoices.map((choice) => ({
              value: choice,
              label: t(choiceKeys[choice]),
              disabled: !canChoose(row, choice),
            }))}
          />
        ) : (
          '-'
        ),
    },
  ];
  const matches = rows.filter((row) => row.status === 'match').length;
  return (
    <Stack gap="xs">
      {matches > 1 && (
        <NativeSelect
          label={t('everyMatch')}
          description={t('everyMatchHelp')}
          data={[{ value: '', label: t('chooseForEvery') }, ...studentImportChoices.map((choice) => ({ value: choice, label: t(choiceKeys[choice]) }))]}
          value=""
          disabled={busy}
          onChange={(event) => {
            if (event.currentTarget.value) onChooseAll(event.currentTarget.value as StudentImportChoice);
          }}
          maw={360}
        />
      )}
      <DataTable
        label={t('rowsOfFile')}
        columns={columns}
        rows={shown.slice((page - 1) * rowsPerPage, page * rowsPerPage)}
        rowKey={(row) => row.line}
        emptyMessage={t('noRows')}
        height={520}
        minWidth={760}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('rowCount', { count: shown.length, paged: pages > 1 ? 'yes' : 'no', perPage: rowsPerPage })}
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={0} aria-label={t('pagesOfRows')} />}
      </Group>
    </Stack>
  );
}
