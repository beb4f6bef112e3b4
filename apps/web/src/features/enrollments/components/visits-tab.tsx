import { Group, Stack, Text } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { EnrollmentDetail, NoteItem, Visit } from '@srs/shared/enrollments';
import { IconPencil } from '@tabler/icons-react';
import type { Column } from '../../../components/data-table.tsx';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { DecisionBadges } from './decision-badges.tsx';
import { fullName, noteTypeLabels } from './enrollment-format.ts';
import { useDialogRecord } from './record-dialog.tsx';
import { RecordFormButton } from './record-form-button.tsx';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { RowAction } from './row-action.tsx';
import { RecordsTab } from './tab-toolbar.tsx';
import { visitTitle, VisitEditModal } from './visit-edit-modal.tsx';

const noteLine = (note: NoteItem) => `${noteTypeLabels[note.type]}: ${note.text}`;

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

const columns: readonly Column<Visit>[] = [
  { key: 'date', header: 'DATE', render: (v) => formatDate(v.date) },
  { key: 'visitor', header: 'VISITOR', render: (v) => fullName(v.visitor) },
  { key: 'decisions', header: 'DECISIONS', render: (v) => <DecisionBadges decisions={v.decisions} /> },
  { key: 'notes', header: 'NOTES', render: (v) => <VisitNotes visit={v} /> },
];

/** The visits made for this enrollment, newest first; each can be edited or removed. */
export function VisitsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const editing = useDialogRecord<Visit>();
  const actions: Column<Visit> = {
    key: 'actions',
    header: 'ACTIONS',
    render: (v) => (
      <Group gap={4} wrap="nowrap">
        <RowAction
          label="Edit"
          name={`Edit ${visitTitle(v).toLowerCase()}`}
          icon={<IconPencil size={18} aria-hidden />}
          onClick={() => editing.open(v)}
        />
        <RemoveRecordButton
          enrollmentId={enrollment.id}
          attribute="visits_attributes"
          recordId={v.id}
          title={`Remove ${visitTitle(v).toLowerCase()}`}
        >
          The visit of {formatDate(v.date)}, with the decisions and notes recorded on it, is removed from this
          enrollment. The history of the change is kept.
        </RemoveRecordButton>
      </Group>
    ),
  };
  return (
    <>
      <RecordsTab
        title="Visits"
        buttons={<RecordFormButton target={enrollmentTarget(enrollment, 'visit')}>Add a visit</RecordFormButton>}
        columns={columns}
        actions={actions}
        rows={enrollment.visits}
        rowKey={(v) => v.id}
        emptyMessage="No visits recorded."
        minWidth={480}
      />
      <VisitEditModal enrollment={enrollment} visit={editing.record} opened={editing.opened} onClose={editing.close} />
    </>
  );
}
