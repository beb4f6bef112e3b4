import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { SchoolCourse, SchoolDetail } from '@srs/shared/schools';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { recordPath } from '../../../lib/site-map/paths.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { schoolCoursesQuery, useStopOffering } from '../api.ts';
import { schoolsText } from '../messages.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { OfferCourseDialog } from './offer-course-dialog.tsx';

/** What stopping orphans, said before it happens: the enrollments stay, greyed, with their history. */
function stopMessage(course: SchoolCourse): string {
  if (course.active_enrollments_count === 0) return schoolsText.t('stopOfferingNoStudents', { course: course.name });
  return schoolsText.t('stopOfferingOrphans', {
    course: course.name,
    enrollments: course.active_enrollments_count,
    students: course.students_count,
  });
}

/** The courses tab: what the school offers, offer another, stop offering one. */
export function SchoolCourses({ school }: { school: SchoolDetail }) {
  const courses = useQuery(schoolCoursesQuery(school.id));
  const stop = useStopOffering();
  const [stopping, setStopping] = useState<SchoolCourse | null>(null);
  const [offering, setOffering] = useState(false);
  const editable = school.permissions.offer_series;
  const t = schoolsText.useT();

  const columns: Column<SchoolCourse>[] = [
    {
      key: 'name',
      header: t('courseHeader'),
      render: (course) => (
        <Group gap="xs">
          <Anchor component={Link} to={recordPath('course', course.id)} size="sm" fw={500} className="thumb-link">
            {course.name}
          </Anchor>
          {course.priority && (
            <Badge size="sm" variant="light">
              {t('priority')}
            </Badge>
          )}
          {!course.active && (
            <Badge size="sm" variant="light" color="gray">
              {t('retired')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'students', header: t('studentsHeader'), render: (course) => course.students_count },
    { key: 'enrollments', header: t('enrollmentsHeader'), render: (course) => course.active_enrollments_count },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      header: '',
      render: (course) => (
        <Button size="xs" variant="subtle" color="red" onClick={() => setStopping(course)} aria-label={t('stopOfferingCourse', { course: course.name })}>
          {t('stopOffering')}
        </Button>
      ),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('coursesIntro')}
        </Text>
        {editable && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOffering(true)}>
            {t('offerCourse')}
          </Button>
        )}
      </Group>
      <DataTable
        label={t('coursesOffered')}
        columns={columns}
        rows={courses.data?.courses}
        rowKey={(course) => course.id}
        emptyMessage={t('noCoursesOffered')}
        loading={courses.isFetching}
        scroll="page"
      />
      {editable && <OfferCourseDialog school={school} opened={offering} onClose={() => setOffering(false)} />}
      <ConfirmDialog
        opened={stopping !== null}
        title={t('stopOfferingTitle')}
        confirmLabel={t('stopOffering')}
        danger
        busy={stop.isPending}
        onClose={() => setStopping(null)}
        onConfirm={() =>
          stopping?.series_offered_id &&
          stop.mutate(stopping.series_offered_id, {
            onSuccess: () => {
              showSuccess(t('noLongerOffers', { course: stopping.name }));
              setStopping(null);
            },
          })
        }
      >
        {stopping && stopMessage(stopping)}
      </ConfirmDialog>
    </Stack>
  );
}
