import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { todayIso } from '../../../lib/dates.ts';
import { episodesQuery } from '../../../lib/lookups/series.ts';
import { enrollmentQuery } from '../api.ts';
import { episodeLabel } from '../components/enrollment-format.ts';
import { lessonsText } from '../lessons-text.ts';
import { DateField, DeliveryTypeField, EnrollmentField, RecordFormFrame, SelectField } from './form-fields.tsx';
import {
  chosenEnrollment,
  initialEnrollment,
  preselectedEpisode,
  type RecordFormBodyProps,
  useOfferedEnrollments,
} from './form-context.ts';
import { type LessonOutput, type LessonValues, lessonSchema } from './form-schemas.ts';
import { lessonBody } from './record-bodies.ts';
import { useRecordSave } from './use-record-save.ts';

/** Send a lesson: course, lesson, sent or received date, delivery type (SPEC section 5). */
export function LessonForm(props: RecordFormBodyProps) {
  const t = lessonsText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const courses = useOfferedEnrollments(props.student, 'Course');
  const form = useForm<LessonValues, unknown, LessonOutput>({
    resolver: zodResolver(lessonSchema),
    defaultValues: {
      enrollment_id: initialEnrollment(props, courses),
      episode_id: preselectedEpisode(props, courses),
      // A lesson is mostly sent the day it is recorded.
      date_sent: todayIso(),
      date_completed: null,
      delivery_type: null,
    },
  });
  const enrollment = chosenEnrollment(courses, useWatch({ control: form.control, name: 'enrollment_id' }));
  const episodes = useQuery({ ...episodesQuery(enrollment?.series_id ?? 0), enabled: enrollment !== null });
  const detail = useQuery({ ...enrollmentQuery(enrollment?.id ?? 0), enabled: enrollment !== null });
  const { save, saving } = useRecordSave(messages.updated, props.onDone);

  // Lessons already delivered for the enrollment are not offered again (SPEC section 5).
  const delivered = new Set(detail.data?.episode_deliveries.map((delivery) => delivery.episode_id));
  const lessons =
    detail.data && episodes.data ? episodes.data.episodes.filter((episode) => !delivered.has(episode.id)) : [];
  const loadingLessons = enrollment !== null && (episodes.isPending || detail.isPending);

  return (
    <RecordFormFrame
      onSubmit={form.handleSubmit((values) => save(Number(values.enrollment_id), lessonBody(values)))}
      saving={saving}
    >
      <EnrollmentField
        control={form.control}
        name="enrollment_id"
        label={t('course')}
        enrollments={courses}
        withType={false}
        onValueChange={() => form.setValue('episode_id', null)}
      />
      <SelectField
        control={form.control}
        name="episode_id"
        label={t('lessonField')}
        required
        searchable
        disabled={enrollment === null}
        placeholder={loadingLessons ? shared(messages.loading) : c('select')}
        data={lessons.map((episode) => ({ value: String(episode.id), label: episodeLabel(episode) }))}
        nothingFoundMessage={t('noLessonsLeft')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateField control={form.control} name="date_sent" label={t('sentDate')} />
        <DateField control={form.control} name="date_completed" label={t('receivedDate')} />
      </SimpleGrid>
      <DeliveryTypeField control={form.control} name="delivery_type" />
    </RecordFormFrame>
  );
}
