import { Anchor, Badge, Group, NativeSelect, Pagination, Stack, Text } from '@mantine/core';
import { groupedNumber } from '@srs/shared/numbers';
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
import { choiceLabels, matchReasonLabels, statusLabels } from '../fields.ts';

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
  if (row.status === 'repeated') return <Text size="sm">The same person as line {row.repeats_line ?? '?'}.</Text>;
  if (row.status === 'match' && row.match) {
    const { match } = row;
    return (
      <Text size="sm">
        Likely{' '}
        <Anchor component={Link} to={`/students/${match.student_id}`} target="_blank">
          {nameOf(match)}
        </Anchor>{' '}
        of #{match.school.school_code} {match.school.church_name}: {match.why.map((why) => matchReasonLabels[why]).join(', ')}
        {match.enrolled ? '; already enrolled in this course.' : '.'}
      </Text>
    );
  }
  return <Text size="sm">{row.series_name ? `With ${row.series_name}.` : 'Without an enrollment.'}</Text>;
}

/** Every row of the preview, a page at a time, with its status, its reasons or its match, and for a match the choice. */
export function ImportRows({ rows, filter, choices, busy, onChoose, onChooseAll }: Props) {
  const [page, setPage] = useState(1);
  const shown = useMemo(() => (filter === 'all' ? rows : rows.filter((row) => row.status === filter)), [rows, filter]);
  const pages = Math.max(1, Math.ceil(shown.length / rowsPerPage));
  useEffect(() => setPage(1), [filter, rows]);
  const columns: readonly Column<StudentImportRow>[] = [
    { key: 'line', header: 'LINE', render: (row) => row.line, width: 64 },
    { key: 'name', header: 'NAME', render: nameOf },
    {
      key: 'status',
      header: 'STATUS',
      render: (row) => (
        <Badge variant="light" color={statusLabels[row.status].color}>
          {statusLabels[row.status].label}
        </Badge>
      ),
      width: 110,
    },
    { key: 'details', header: 'DETAILS', render: (row) => <Details row={row} /> },
    {
      key: 'choice',
      header: 'CHOICE',
      width: 250,
      render: (row) =>
        row.status === 'match' ? (
          <NativeSelect
            aria-label={`Line ${row.line}: what to do`}
            size="xs"
            disabled={busy}
            value={choices[row.line] ?? 'skip'}
            onChange={(event) => onChoose(row.line, event.currentTarget.value as StudentImportChoice)}
            data={studentImportChoices.map((choice) => ({
              value: choice,
              label: choiceLabels[choice],
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
          label="Every match"
          description="Sets the choice of every matching row; each can still be changed below."
          data={[{ value: '', label: 'Choose for every match…' }, ...studentImportChoices.map((choice) => ({ value: choice, label: choiceLabels[choice] }))]}
          value=""
          disabled={busy}
          onChange={(event) => {
            if (event.currentTarget.value) onChooseAll(event.currentTarget.value as StudentImportChoice);
          }}
          maw={360}
        />
      )}
      <DataTable
        label="Rows of the file"
        columns={columns}
        rows={shown.slice((page - 1) * rowsPerPage, page * rowsPerPage)}
        rowKey={(row) => row.line}
        emptyMessage="No rows to show."
        height={520}
        minWidth={760}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {groupedNumber(shown.length)} {shown.length === 1 ? 'row' : 'rows'}
          {pages > 1 ? `, ${rowsPerPage} a page` : ''}
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={0} aria-label="Pages of rows" />}
      </Group>
    </Stack>
  );
}
