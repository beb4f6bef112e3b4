import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { useForm } from 'react-hook-form';
import { initialEnrollment, type RecordFormBodyProps, useOfferedEnrollments } from './form-context.ts';
import { DateField, EnrollmentField, FormActions, NoteFields } from './form-fields.tsx';
import { type ReminderOutput, type ReminderValues, reminderSchema } from './form-schemas.ts';
import { reminderBody } from './record-bodies.ts';
import { useRecordSave } from './use-record-save.ts';

/** Add a reminder: series and date required; the same note rule as a visit (SPEC section 5). */
export function ReminderForm(props: RecordFormBodyProps) {
  const enrollments = useOfferedEnrollments(props.student, null);
  const form = useForm<ReminderValues, unknown, ReminderOutput>({
    resolver: zodResolver(reminderSchema),
    defaultValues: {
      enrollment_id: initialEnrollment(props, enrollments),
      date: null,
      note_type: null,
      note_text: '',
    },
  });
  const { save, saving } = useRecordSave(messages.reminderCreated, props.onDone);

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save(Number(values.enrollment_id), reminderBody(values)))}>
      <Stack gap="sm">
        <EnrollmentField
          control={form.control}
          name="enrollment_id"
          label="Series"
          enrollments={enrollments}
          withType
        />
        <DateField control={form.control} name="date" label="Date" required />
        <NoteFields control={form.control} typeName="note_type" textName="note_text" />
        <FormActions saving={saving} />
      </Stack>
    </form>
  );
}
