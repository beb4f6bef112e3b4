import { Anchor, Badge } from '@mantine/core';
import { versionEventLabels, type VersionSummary } from '@srs/shared/versions';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { sharedText } from '../../../i18n/shared.ts';
import { changedAt, changedBy, changedFields } from '../format.ts';
import { versionsText } from '../messages.ts';

const eventColours = { create: 'green', update: 'blue', destroy: 'red', erase: 'gray' } as const;

/** The list's columns, in the language of the moment. */
const columnsOf = (t: ReturnType<typeof versionsText.useT>): Column<VersionSummary>[] => [
  {
    key: 'when',
    header: t('when'),
    render: (v) => (
      <Anchor component={Link} to={`/versions/${v.id}`} size="sm">
        {changedAt(v.created_at)}
      </Anchor>
    ),
  },
  { key: 'who', header: t('who'), render: (v) => changedBy(v) },
  {
    key: 'action',
    header: t('action'),
    render: (v) => (
      <Badge color={eventColours[v.event]} variant="light">
        {sharedText(versionEventLabels[v.event])}
      </Badge>
    ),
  },
  { key: 'type', header: t('recordType'), render: (v) => sharedText(v.item_type_label) },
  { key: 'record', header: t('record'), render: (v) => v.record },
  { key: 'fields', header: t('changed'), render: (v) => changedFields(v) },
];

/** The list of changes, newest first; each opens its own page. */
export function VersionsTable({ versions, loading }: { versions: VersionSummary[] | undefined; loading: boolean }) {
  const t = versionsText.useT();
  // The columns' headers and cells are in the language of the moment: new ones when it changes.
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <DataTable
      label={t('changes')}
      columns={columns}
      rows={versions}
      rowKey={(v) => v.id}
      emptyMessage={t('noChanges')}
      loading={loading}
      scroll="page"
      minWidth={760}
    />
  );
}
