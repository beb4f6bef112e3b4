import { Anchor, Badge } from '@mantine/core';
import { versionEventLabels, type VersionSummary } from '@srs/shared/versions';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { changedAt, changedBy, changedFields } from '../format.ts';

const eventColours = { create: 'green', update: 'blue', destroy: 'red', erase: 'gray' } as const;

const columns: Column<VersionSummary>[] = [
  {
    key: 'when',
    header: 'When',
    render: (v) => (
      <Anchor component={Link} to={`/versions/${v.id}`} size="sm">
        {changedAt(v.created_at)}
      </Anchor>
    ),
  },
  { key: 'who', header: 'Who', render: (v) => changedBy(v) },
  {
    key: 'action',
    header: 'Action',
    render: (v) => (
      <Badge color={eventColours[v.event]} variant="light">
        {versionEventLabels[v.event]}
      </Badge>
    ),
  },
  { key: 'type', header: 'Record type', render: (v) => v.item_type_label },
  { key: 'record', header: 'Record', render: (v) => v.record },
  { key: 'fields', header: 'Changed', render: (v) => changedFields(v) },
];

/** The list of changes, newest first; each opens its own page. */
export function VersionsTable({ versions, loading }: { versions: VersionSummary[] | undefined; loading: boolean }) {
  return (
    <DataTable
      label="Changes"
      columns={columns}
      rows={versions}
      rowKey={(v) => v.id}
      emptyMessage="No changes found."
      loading={loading}
      scroll="page"
      minWidth={760}
    />
  );
}
