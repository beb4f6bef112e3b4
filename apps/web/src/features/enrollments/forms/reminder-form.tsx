import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@srs/shared/messages';
import { useForm } from 'react-hook-form';
import { remindersText } from '../reminders-text.ts';
import { initialEnrollment, type RecordFormBodyProps, useOfferedEnrollments } from './form-context.ts';
import { DateField, NoteFields, RecordFormFrame, SeriesField } from './form-fields.tsx';
import { type ReminderOutput, type ReminderValues, reminderSchema } from './form-schemas.ts';
import { reminderBody } from './record-bodies.ts';
import { useRecordSave } from './use-record-save.ts';

/** Add a reminder: series and date required; the same note rule as a visit (SPEC section 5). */
export function ReminderForm(props: RecordFormBodyProps) {
  const t = remindersText.useT();
  const enrollments = useOfferedEnrollments(props.student, null);
  const form = useForm<ReminderValues, unknown, ReminderOutput>({
    resolver: zodResolver(reminderSchema),
    defaultValues: {
      enrollment_id: initialEnrollment(props, enrollments),
      // A reminder is for a day to come, not one written about now: no default day (issue 25).
      date: null,
      // Most notes are plain notes: the type is there already, a prayer request is one choice away.
      note_type: 'Note',
      note_text: '',
    },
  });
  const { save, saving } = useRecordSave(messages.reminderCreated, props.onDone);

  return (
    <RecordFormFrame
      onSubmit={form.handleSubmit((values) => save(Number(values.enrollment_id), reminderBody(values)))}
      saving={saving}
    >
      <SeriesField control={form.control} enrollments={enrollments} />
      <DateField control={form.control} name="date" label={t('date')} required />
      <NoteFields control={form.control} typeName="note_type" textName="note_text" />
    </RecordFormFrame>
  );
}
