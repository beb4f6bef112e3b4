import { zodResolver } from '@hookform/resolvers/zod';
import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { Episode } from '@srs/shared/series';
import { useForm, useWatch } from 'react-hook-form';
import { commonText } from '../../../i18n/common.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { episodeLabel } from '../components/enrollment-format.ts';
import { type EnrollmentsT, enrollmentsText } from '../messages.ts';
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

const contextLabels = {
  lesson: 'contextLesson',
  presentation: 'contextPresentation',
  reminder: 'contextReminder',
  visit: 'contextVisit',
} as const satisfies Record<NoteContextType, string>;

/** The records of one context: delivered lessons, presentations, reminders or visits. */
function recordData(
  t: EnrollmentsT,
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
        label: t('reminderOn', { date: formatDate(reminder.date) }),
      }));
    case 'visit':
      return detail.visits.map((visit) => ({
        value: String(visit.id),
        label: t('visitOn', { date: formatDate(visit.date) }),
      }));
    case null:
      return [];
  }
}

/**
 * Add a note (SPEC sections 4 and 5): its context is the lesson or presentation, or a reminder
 * (a visit when the form was opened for one); context, record, type and text are all required.
 */
export function NoteForm(props: RecordFormBodyProps) {
  const t = enrollmentsText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
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
        label={t('context')}
        required
        disabled={enrollment === null}
        placeholder={c('select')}
        data={contexts.map((value) => ({ value, label: t(contextLabels[value]) }))}
        onValueChange={() => form.setValue('record_id', null)}
      />
      <SelectField
        control={form.control}
        name="record_id"
        label={type ? t(contextLabels[type]) : t('contextAny')}
        required
        searchable
        disabled={type === null}
        placeholder={loading ? shared(messages.loading) : c('select')}
        data={recordData(t, type, detail, presentations)}
        nothingFoundMessage={t('nothingToChoose')}
      />
      <NoteFields control={form.control} typeName="note_type" textName="note_text" required />
    </RecordFormFrame>
  );
}
