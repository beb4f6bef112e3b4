import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Checkbox } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { HttpError } from '../../../lib/http-errors.ts';
import { seriesOptionsQuery } from '../../../lib/lookups/series.ts';
import { enrollmentPath } from '../../../lib/site-map/paths.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useCreateEnrollment } from '../api.ts';
import { fullName } from '../components/enrollment-format.ts';
import { enrollmentsText } from '../messages.ts';
import { type EnrollOutput, type EnrollValues, enrollSchema, existingEnrollment, onlyOpenSeries } from './enroll-choices.ts';
import type { RecordFormBodyProps } from './form-context.ts';
import { RecordFormFrame } from './form-fields.tsx';
import { SeriesChoiceField } from './series-choice-field.tsx';

/** The toast's English (the tests look for it); it shows through the catalogue, in the person's language. */
export const enrollmentCreated = 'Enrollment created successfully.';

/**
 * Enroll an existing student in a course or seminar their school offers (priority courses first),
 * with the wizard's 'Notify instructor by email'. A series the student is already enrolled in
 * is refused before anything is sent, with a link to that enrollment; the new enrollment opens
 * on its lessons or presentations tab.
 */
export function EnrollForm({ student, target, onDone }: RecordFormBodyProps) {
  const t = enrollmentsText.useT();
  const type = target.seriesType ?? undefined;
  const kind = type ?? 'either';
  const offered = useQuery(seriesOptionsQuery({ studentId: student.id, type }));
  const create = useCreateEnrollment();
  const navigate = useNavigate();
  const form = useForm<EnrollValues, unknown, EnrollOutput>({
    resolver: zodResolver(enrollSchema),
    defaultValues: { series_id: preselected(target, student), notify_instructor_by_email: true },
  });
  // The only series the student can start is chosen already: enrolling is then one tap, Save.
  const only = onlyOpenSeries(offered.data?.series, student);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (only && getValues('series_id') === null) setValue('series_id', only);
  }, [only, getValues, setValue]);
  const chosen = useWatch({ control: form.control, name: 'series_id' });
  const existing = existingEnrollment(student, chosen);

  const save = form.handleSubmit(async (values) => {
    let enrollment;
    try {
      enrollment = await create.mutateAsync({
        student_id: student.id,
        series_id: Number(values.series_id),
        school_id: student.school.id,
        notify_instructor_by_email: values.notify_instructor_by_email,
      });
    } catch (error) {
      if (error instanceof HttpError) return; // the shared handler has shown why; the form keeps its choice
      throw error;
    }
    showSuccess(enrollmentsText.t('enrollmentCreated'));
    onDone();
    navigate(enrollmentPath(student.id, enrollment.id, enrollment.series_type));
  });

  return (
    <RecordFormFrame onSubmit={save} saving={create.isPending} disabled={existing !== null}>
      <SeriesChoiceField
        control={form.control}
        label={t('kindLabel', { kind })}
        filterLabel={t('filterKind', { kind })}
        series={offered.data?.series}
        student={student}
        emptyMessage={t('noSeriesOffered', { code: student.school.school_code, kind })}
      />
      {existing && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} p="xs">
          {`${t('alreadyEnrolledIn', {
            student: fullName(student),
            series: existing.series_name,
            number: existing.registration_number,
          })} `}
          <Anchor
            component={Link}
            to={enrollmentPath(student.id, existing.id, existing.series_type)}
            onClick={onDone}
            inherit
          >
            {t('openThatEnrollment')}
          </Anchor>
        </Alert>
      )}
      <Controller
        control={form.control}
        name="notify_instructor_by_email"
        render={({ field }) => (
          <Checkbox
            label={t('notifyInstructor')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            name={field.name}
          />
        )}
      />
    </RecordFormFrame>
  );
}

/** The series the form was opened for, when it was opened for this student. */
function preselected(target: RecordFormBodyProps['target'], student: RecordFormBodyProps['student']): string | null {
  return target.seriesId && target.studentId === student.id ? String(target.seriesId) : null;
}
