import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { visitsText } from '../visits-text.ts';
import { todayIso } from '../../../lib/dates.ts';
import { decisionOptionsQuery } from '../../../lib/lookups/series.ts';
import {
  chosenEnrollment,
  initialEnrollment,
  type RecordFormBodyProps,
  useOfferedEnrollments,
} from './form-context.ts';
import { DateField, DecisionOptionsField, NoteFields, RecordFormFrame, SeriesField } from './form-fields.tsx';
import { type VisitOutput, type VisitValues, visitSchema } from './form-schemas.ts';
import { visitBody } from './record-bodies.ts';
import { useRecordSave } from './use-record-save.ts';

/** Add a visit: series and date (today unless changed) required; decisions and a note are optional (SPEC section 5). */
export function VisitForm(props: RecordFormBodyProps) {
  const t = visitsText.useT();
  const enrollments = useOfferedEnrollments(props.student, null);
  const form = useForm<VisitValues, unknown, VisitOutput>({
    resolver: zodResolver(visitSchema),
    defaultValues: {
      enrollment_id: initialEnrollment(props, enrollments),
      // A visit is mostly recorded the day it is made (issue 25).
      date: todayIso(),
      decision_option_ids: [],
      // Most notes are plain notes: the type is there already, a prayer request is one choice away.
      note_type: 'Note',
      note_text: '',
    },
  });
  const enrollment = chosenEnrollment(enrollments, useWatch({ control: form.control, name: 'enrollment_id' }));
  const options = useQuery({ ...decisionOptionsQuery(enrollment?.series_id ?? 0), enabled: enrollment !== null });
  const { save, saving } = useRecordSave(messages.visitCreated, props.onDone);

  return (
    <RecordFormFrame
      onSubmit={form.handleSubmit((values) => save(Number(values.enrollment_id), visitBody(values)))}
      saving={saving}
    >
      <SeriesField
        control={form.control}
        enrollments={enrollments}
        onValueChange={() => form.setValue('decision_option_ids', [])}
      />
      <DateField control={form.control} name="date" label={t('date')} required />
      <DecisionOptionsField
        control={form.control}
        name="decision_option_ids"
        options={enrollment ? options.data?.decision_options : undefined}
        loading={enrollment !== null && options.isPending}
      />
      <NoteFields control={form.control} typeName="note_type" textName="note_text" />
    </RecordFormFrame>
  );
}
