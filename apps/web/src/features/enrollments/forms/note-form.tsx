import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate } from '@srs/shared/dates';
import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { Episode } from '@srs/shared/series';
import { useForm, useWatch } from 'react-hook-form';
import { episodeLabel } from '../components/enrollment-format.ts';
import {
  chosenEnrollment,
  preselectedContext,
  initialEnrollment,
  type RecordFormBodyProps,
  useEnrollmentRecords,
  useOfferedEnrollments,
} from './form-context.ts';
import { NoteFields, RecordFormFrame, SelectField, SeriesField } from './form-fields.tsx';
import { type NoteContextType, type NoteOutput, type NoteValues, noteSchema } from './form-schemas.ts';
import { noteBody } from './record-bodies.ts';
import { useRecordSave } from './use-record-save.ts';

const contextLabels: Record<NoteContextType, string> = {
  lesson: 'Lesson',
  presentation: 'Presentation',
  reminder: 'Reminder',
  visit: 'Visit',
};

/** The records of one context: delivered lessons, presentations, reminders or visits. */
function recordData(
  type: NoteContextType | null,
  detail: EnrollmentDetail | undefined,
  presentations: readonly Episode[] | undefined,
) {
  if (!detail) return [];
  switch (type) {
    case 'lesson':
      return detail.episode_deliveries.map((delivery) => ({
        value: String(delivery.id),
        label: episodeLabel({ position: delivery.episode_position, name: delivery.episode_name }),
      }));
    case 'presentation':
      return (presentations ?? []).map((episode) => ({ value: String(episode.id), label: episodeLabel(episode) }));
    case 'reminder':
      return detail.reminders.map((reminder) => ({
        value: String(reminder.id),
        label: `Reminder ${formatDate(reminder.date)}`,
      }));
    case 'visit':
      return detail.visits.map((visit) => ({ value: String(visit.id), label: `Visit ${formatDate(visit.date)}` }));
    case null:
      return [];
  }
}

/**
 * Add a note (SPEC sections 4 and 5): its context is the lesson or presentation, or a reminder
 * (a visit when the form was opened for one); context, record, type and text are all required.
 */
export function NoteForm(props: RecordFormBodyProps) {
  const enrollments = useOfferedEnrollments(props.student, null);
  const context = preselectedContext(props, enrollments);
  const form = useForm<NoteValues, unknown, NoteOutput>({
    resolver: zodResolver(noteSchema),
    defaultValues: {
      enrollment_id: initialEnrollment(props, enrollments),
      context_type: context?.type ?? null,
      record_id: context ? String(context.id) : null,
      note_type: null,
      note_text: '',
    },
  });
  const [enrollmentId, contextType] = useWatch({ control: form.control, name: ['enrollment_id', 'context_type'] });
  const enrollment = chosenEnrollment(enrollments, enrollmentId);
  const { detail, presentations, seminar, loading } = useEnrollmentRecords(enrollment);
  const { save, saving } = useRecordSave(messages.noteCreated, props.onDone);

  const contexts: NoteContextType[] = [seminar ? 'presentation' : 'lesson', 'reminder'];
  if (context?.type === 'visit') contexts.push('visit');
  const type = contextType ?? null;

  return (
    <RecordFormFrame
      onSubmit={form.handleSubmit((values) => {
        if (detail) return save(Number(values.enrollment_id), noteBody(values, detail));
      })}
      saving={saving}
      disabled={loading}
    >
      <SeriesField
        control={form.control}
        enrollments={enrollments}
        onValueChange={() => {
          form.setValue('context_type', null);
          form.setValue('record_id', null);
        }}
      />
      <SelectField
        control={form.control}
        name="context_type"
        label="Context"
        required
        disabled={enrollment === null}
        placeholder="Select"
        data={contexts.map((value) => ({ value, label: contextLabels[value] }))}
        onValueChange={() => form.setValue('record_id', null)}
      />
      <SelectField
        control={form.control}
        name="record_id"
        label={type ? contextLabels[type] : 'Lesson, presentation or reminder'}
        required
        searchable
        disabled={type === null}
        placeholder={loading ? messages.loading : 'Select'}
        data={recordData(type, detail, presentations)}
        nothingFoundMessage="Nothing to choose yet."
      />
      <NoteFields control={form.control} typeName="note_type" textName="note_text" required />
    </RecordFormFrame>
  );
}
