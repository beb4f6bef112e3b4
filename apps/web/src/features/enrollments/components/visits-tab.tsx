import { Group, Stack, Text } from '@mantine/core';
import type { EnrollmentDetail, NoteItem, Visit } from '@srs/shared/enrollments';
import { IconPencil } from '@tabler/icons-react';
import type { Column } from '../../../components/data-table.tsx';
import { commonText } from '../../../i18n/common.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { type VisitsT, visitsText } from '../visits-text.ts';
import { DecisionBadges } from './decision-badges.tsx';
import { fullName, noteTypeLabel } from './enrollment-format.ts';
import { useDialogRecord } from './record-dialog.tsx';
import { RecordFormButton } from './record-form-button.tsx';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { RowAction } from './row-action.tsx';
import { RecordsTab } from './tab-toolbar.tsx';
import { VisitEditModal } from './visit-edit-modal.tsx';

const noteLine = (note: NoteItem) => `${noteTypeLabel(note.type)}: ${note.text}`;

/**
 * A desk's table keeps each cell to one line: the notes are cut, whole in their title and in the
 * visit's Edit dialog. A phone's card has the room to show each note whole.
 */
function VisitNotes({ visit }: { visit: Visit }) {
  const mobile = useIsMobile();
  if (visit.notes.length === 0) return '-';
  if (mobile) {
    return (
      <Stack gap={4}>
        {visit.notes.map((note) => (
          <Text key={note.id} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {noteLine(note)}
          </Text>
        ))}
      </Stack>
    );
  }
  const text = visit.notes.map(noteLine).join(' · ');
  return (
    <Text size="sm" truncate="end" maw={360} title={text}>
      {text}
    </Text>
  );
}

const columnsOf = (t: VisitsT): readonly Column<Visit>[] => [
  { key: 'date', header: t('columnDate'), render: (v) => formatDate(v.date) },
  { key: 'visitor', header: t('columnVisitor'), render: (v) => fullName(v.visitor) },
  { key: 'decisions', header: t('columnDecisions'), render: (v) => <DecisionBadges decisions={v.decisions} /> },
  { key: 'notes', header: t('columnNotes'), render: (v) => <VisitNotes visit={v} /> },
];

/** The visits made for this enrollment, newest first; each can be edited or removed. */
export function VisitsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = visitsText.useT();
  const c = commonText.useT();
  const editing = useDialogRecord<Visit>();
  const actions: Column<Visit> = {
    key: 'actions',
    header: t('columnActions'),
    render: (v) => (
      <Group gap={4} wrap="nowrap">
        <RowAction
          label={c('edit')}
          name={t('editNamed', { date: formatDate(v.date) })}
          icon={<IconPencil size={18} aria-hidden />}
          onClick={() => editing.open(v)}
        />
        <RemoveRecordButton
          enrollmentId={enrollment.id}
          attribute="visits_attributes"
          recordId={v.id}
          title={t('removeNamed', { date: formatDate(v.date) })}
        >
          {t('removeBody', { date: formatDate(v.date) })}
        </RemoveRecordButton>
      </Group>
    ),
  };
  return (
    <>
      <RecordsTab
        title={t('title')}
        buttons={<RecordFormButton target={enrollmentTarget(enrollment, 'visit')}>{t('addVisit')}</RecordFormButton>}
        columns={columnsOf(t)}
        actions={actions}
        rows={enrollment.visits}
        rowKey={(v) => v.id}
        emptyMessage={t('noVisits')}
        minWidth={480}
      />
      <VisitEditModal enrollment={enrollment} visit={editing.record} opened={editing.opened} onClose={editing.close} />
    </>
  );
}
