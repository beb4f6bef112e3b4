import { zodResolver } from '@hookform/resolvers/zod';
import type { EnrollmentDetail, EnrollmentSummary } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { Episode } from '@srs/shared/series';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { commonText } from '../../../i18n/common.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { decisionOptionsQuery } from '../../../lib/lookups/series.ts';
import { episodeLabel } from '../components/enrollment-format.ts';
import { type DecisionsT, decisionsText } from '../decisions-text.ts';
import {
  chosenEnrollment,
  preselectedContext,
  initialEnrollment,
  type RecordFormBodyProps,
  useEnrollmentRecords,
  useOfferedEnrollments,
} from './form-context.ts';
import { DecisionOptionsField, RecordFormFrame, SelectField, SeriesField } from './form-fields.tsx';
import { type DecisionOutput, type DecisionValues, decisionSchema } from './form-schemas.ts';
import { decisionBody, parseRecordKey, recordedDecisions, recordKey } from './record-bodies.ts';
import type { RecordContext } from './record-form-target.ts';
import { useRecordSave } from './use-record-save.ts';

/**
 * The records a decision is recorded on: the delivered lessons of a course or the presentations
 * of a seminar; the visits too when the form was opened for a visit.
 */
function recordOptions(
  t: DecisionsT,
  enrollment: EnrollmentSummary | null,
  detail: EnrollmentDetail | undefined,
  presentations: readonly Episode[] | undefined,
  withVisits: boolean,
) {
  if (!enrollment || !detail) return { label: t('lessonOrPresentation'), data: [] };
  const course = enrollment.series_type === 'Course';
  const episodes = course
    ? detail.episode_deliveries.map((delivery) => ({
        value: recordKey('lesson', delivery.id),
        label: episodeLabel({ position: delivery.episode_position, name: delivery.episode_name }),
      }))
    : (presentations ?? []).map((episode) => ({
        value: recordKey('presentation', episode.id),
        label: episodeLabel(episode),
      }));
  if (!withVisits) return { label: course ? t('lesson') : t('presentation'), data: episodes };
  const visits = detail.visits.map((visit) => ({
    value: recordKey('visit', visit.id),
    label: t('visitOn', { date: formatDate(visit.date) }),
  }));
  return {
    label: course ? t('lessonOrVisit') : t('presentationOrVisit'),
    data: [
      { group: course ? t('lessons') : t('presentations'), items: episodes },
      { group: t('visits'), items: visits },
    ],
  };
}

function contextKey(context: RecordContext | null): string | null {
  return context && context.type !== 'reminder' ? recordKey(context.type, context.id) : null;
}

/**
 * Record a decision (SPEC sections 4 and 5): the lesson or presentation is required; its
 * decisions start ticked; Save keeps the ticked ones and removes the unticked ones.
 */
export function DecisionForm(props: RecordFormBodyProps) {
  const t = decisionsText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const enrollments = useOfferedEnrollments(props.student, null);
  const context = preselectedContext(props, enrollments);
  const form = useForm<DecisionValues, unknown, DecisionOutput>({
    resolver: zodResolver(decisionSchema),
    defaultValues: {
      enrollment_id: initialEnrollment(props, enrollments),
      record: contextKey(context),
      decision_option_ids: [],
    },
  });
  const [enrollmentId, record] = useWatch({ control: form.control, name: ['enrollment_id', 'record'] });
  const enrollment = chosenEnrollment(enrollments, enrollmentId);
  const { detail, presentations, seminar, loading: loadingRecords } = useEnrollmentRecords(enrollment);
  const options = useQuery({ ...decisionOptionsQuery(enrollment?.series_id ?? 0), enabled: enrollment !== null });
  const { save, saving } = useRecordSave(messages.decisionsUpdated, props.onDone);

  // The decisions already recorded start ticked, once per chosen record (not on every refetch).
  const tickedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!detail || !record || tickedFor.current === record) return;
    tickedFor.current = record;
    const recorded = recordedDecisions(detail, parseRecordKey(record));
    form.setValue('decision_option_ids', recorded.map((decision) => String(decision.decision_option_id)));
  }, [detail, record, form]);

  const records = recordOptions(t, enrollment, detail, presentations, context?.type === 'visit');
  const loading = loadingRecords || (enrollment !== null && options.isPending);
  // SPEC section 5: Save is disabled when the series has no decision options.
  const noOptions = options.data !== undefined && options.data.decision_options.length === 0;

  return (
    <RecordFormFrame
      onSubmit={form.handleSubmit((values) => {
        if (detail) return save(Number(values.enrollment_id), decisionBody(values, detail));
      })}
      saving={saving}
      disabled={noOptions || loading}
    >
      <SeriesField
        control={form.control}
        enrollments={enrollments}
        onValueChange={() => {
          tickedFor.current = null;
          form.setValue('record', null);
          form.setValue('decision_option_ids', []);
        }}
      />
      <SelectField
        control={form.control}
        name="record"
        label={records.label}
        required
        searchable
        disabled={enrollment === null}
        placeholder={loading ? shared(messages.loading) : c('select')}
        data={records.data}
        nothingFoundMessage={seminar ? t('noPresentations') : t('noLessonsDelivered')}
      />
      <DecisionOptionsField
        control={form.control}
        name="decision_option_ids"
        options={enrollment ? options.data?.decision_options : undefined}
        loading={enrollment !== null && options.isPending}
      />
    </RecordFormFrame>
  );
}
