import { Text } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { EnrollmentDetail, Visit } from '@srs/shared/enrollments';
import type { Column } from '../../../components/data-table.tsx';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { fullName, noteTypeLabels } from './enrollment-format.ts';
import { RecordFormButton } from './record-form-button.tsx';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { RecordsTab } from './tab-toolbar.tsx';

function VisitNotes({ visit }: { visit: Visit }) {
  if (visit.notes.length === 0) return '-';
  const text = visit.notes.map((note) => `${noteTypeLabels[note.type]}: ${note.text}`).join(' · ');
  // Cells keep to one line: the whole text is in the title.
  return (
    <Text size="sm" truncate="end" maw={360} title={text}>
      {text}
    </Text>
  );
}

const columns: readonly Column<Visit>[] = [
  { key: 'date', header: 'DATE', render: (v) => formatDate(v.date) },
  { key: 'visitor', header: 'VISITOR', render: (v) => fullName(v.visitor) },
  {
    key: 'decisions',
    header: 'DECISIONS',
    render: (v) => (v.decisions.length ? v.decisions.map((d) => d.decision_option_name).join(', ') : '-'),
  },
  { key: 'notes', header: 'NOTES', render: (v) => <VisitNotes visit={v} /> },
];

/** The visits made for this enrollment, newest first. */
export function VisitsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const actions: Column<Visit> = {
    key: 'actions',
    header: 'ACTIONS',
    render: (v) => (
      <RemoveRecordButton enrollmentId={enrollment.id} attribute="visits_attributes" recordId={v.id} title={`Remove visit of ${formatDate(v.date)}`}>
        The visit of {formatDate(v.date)}, with the decisions and notes recorded on it, is removed from this
        enrollment. The history of the change is kept.
      </RemoveRecordButton>
    ),
  };
  return (
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
  );
}
