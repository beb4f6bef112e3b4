import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text } from '@mantine/core';
import type { EnrollmentDetail, Visit } from '@srs/shared/enrollments';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formatDate } from '../../../i18n/format.ts';
import { decisionOptionsQuery } from '../../../lib/lookups/series.ts';
import { DateField, DecisionOptionsField, NoteFields } from '../forms/form-fields.tsx';
import { type VisitEditOutput, type VisitEditValues, visitEditSchema } from '../forms/form-schemas.ts';
import { visitEditBody } from '../forms/record-bodies.ts';
import { visitsText } from '../visits-text.ts';
import { NoteList } from './note-list.tsx';
import { RecordDialogForm, useRecordUpdate } from './record-dialog.tsx';


type FormProps = { enrollment: EnrollmentDetail; visit: Visit; onClose: () => void };

function VisitEditForm({ enrollment, visit, onClose }: FormProps) {
  const t = visitsText.useT();
  const form = useForm<VisitEditValues, unknown, VisitEditOutput>({
    resolver: zodResolver(visitEditSchema),
    defaultValues: {
      date: visit.date,
      decision_option_ids: visit.decisions.map((decision) => String(decision.decision_option_id)),
      // Most notes are plain notes: the type is there already, a prayer request is one choice away.
      note_type: 'Note',
      note_text: '',
    },
  });
  const options = useQuery(decisionOptionsQuery(enrollment.series_id));
  const { save, saving } = useRecordUpdate(enrollment.id, onClose);
  return (
    <RecordDialogForm
      onSubmit={form.handleSubmit((values) => save(visitEditBody(values, visit)))}
      onCancel={onClose}
      saving={saving}
    >
      <DateField control={form.control} name="date" label={t('date')} required />
      <DecisionOptionsField
        control={form.control}
        name="decision_option_ids"
        options={options.data?.decision_options}
        loading={options.isPending}
      />
      {visit.notes.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('notes')}
          </Text>
          <NoteList notes={visit.notes} label={t('notesOfVisit', { date: formatDate(visit.date) })} />
        </Stack>
      )}
      <Text size="sm" fw={600} mb={-6}>
        {t('addNote')}
      </Text>
      <NoteFields control={form.control} typeName="note_type" textName="note_text" />
    </RecordDialogForm>
  );
}

type Props = {
  enrollment: EnrollmentDetail;
  /** The visit edited; it stays while the dialog closes. */
  visit: Visit | null;
  opened: boolean;
  onClose: () => void;
};

/** Edit a visit: its date, its decisions (unticked ones removed), its notes read whole, a new note. */
export function VisitEditModal({ enrollment, visit, opened, onClose }: Props) {
  const t = visitsText.useT();
  return (
    <Modal opened={opened} onClose={onClose} title={visit ? t('visitOf', { date: formatDate(visit.date) }) : ''} centered>
      {visit && <VisitEditForm enrollment={enrollment} visit={visit} onClose={onClose} />}
    </Modal>
  );
}
