import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SeriesOption } from '@srs/shared/series';
import { useQuery } from '@tanstack/react-query';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { seriesOptionsQuery } from '../../../lib/lookups/series.ts';
import { studentWizardText } from './messages.ts';

/** Priority courses first (SPEC section 3, Course), each group in the server's order. */
export function courseSelectData(courses: readonly SeriesOption[] | undefined) {
  const item = (course: SeriesOption) => ({ value: String(course.id), label: course.name });
  const priority = (courses ?? []).filter((course) => course.priority).map(item);
  const others = (courses ?? []).filter((course) => !course.priority).map(item);
  if (priority.length === 0) return others;
  return [
    { group: studentWizardText.t('priorityCourses'), items: priority },
    ...(others.length > 0 ? [{ group: studentWizardText.t('otherCourses'), items: others }] : []),
  ];
}

type Props = {
  courseId: number | null;
  onChange: (courseId: number | null) => void;
  onBack: () => void;
  onNext: () => void;
};

/** Step 3 of the automatic path: the course; Next waits until one is chosen (SPEC section 5). */
export function CourseStep({ courseId, onChange, onBack, onNext }: Props) {
  const courses = useQuery(seriesOptionsQuery({ type: 'Course' }));
  const t = studentWizardText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  return (
    <Stack gap="md">
      <Text size="sm">{t('courseIntro')}</Text>
      <Select
        label={t('course')}
        withAsterisk
        placeholder={courses.isPending ? shared(messages.loading) : t('chooseCourse')}
        data={courseSelectData(courses.data?.series)}
        value={courseId === null ? null : String(courseId)}
        onChange={(value) => onChange(value === null ? null : Number(value))}
        searchable
        limit={200}
        nothingFoundMessage={t('noCourses')}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {c('back')}
        </Button>
        <Button onClick={onNext} disabled={courseId === null}>
          {c('next')}
        </Button>
      </Group>
    </Stack>
  );
}
