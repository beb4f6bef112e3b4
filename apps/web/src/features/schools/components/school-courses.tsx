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
import { plural } from '../school-outlet.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { OfferCourseDialog } from './offer-course-dialog.tsx';

/** What stopping orphans, said before it happens: the enrollments stay, greyed, with their history. */
function stopMessage(course: SchoolCourse): string {
  const lead = `This school will stop offering ${course.name}.`;
  if (course.active_enrollments_count === 0) return `${lead} None of its students is enrolled in it.`;
  return (
    `${lead} ${plural(course.active_enrollments_count, 'enrollment')} of ${plural(course.students_count, 'student')} ` +
    'will become orphaned: they keep their history (lessons, visits, decisions) but are greyed and no longer offered in the pickers.'
  );
}

/** The courses tab: what the school offers, offer another, stop offering one. */
export function SchoolCourses({ school }: { school: SchoolDetail }) {
  const courses = useQuery(schoolCoursesQuery(school.id));
  const stop = useStopOffering();
  const [stopping, setStopping] = useState<SchoolCourse | null>(null);
  const [offering, setOffering] = useState(false);
  const editable = school.permissions.offer_series;

  const columns: Column<SchoolCourse>[] = [
    {
      key: 'name',
      header: 'COURSE',
      render: (course) => (
        <Group gap="xs">
          <Anchor component={Link} to={recordPath('course', course.id)} size="sm" fw={500} className="thumb-link">
            {course.name}
          </Anchor>
          {course.priority && (
            <Badge size="sm" variant="light">
              Priority
            </Badge>
          )}
          {!course.active && (
            <Badge size="sm" variant="light" color="gray">
              Retired
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'students', header: 'STUDENTS', render: (course) => course.students_count },
    { key: 'enrollments', header: 'ENROLLMENTS', render: (course) => course.active_enrollments_count },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      header: '',
      render: (course) => (
        <Button size="xs" variant="subtle" color="red" onClick={() => setStopping(course)} aria-label={`Stop offering ${course.name}`}>
          Stop offering
        </Button>
      ),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Students of this school can be enrolled in the courses it offers.
        </Text>
        {editable && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOffering(true)}>
            Offer a course
          </Button>
        )}
      </Group>
      <DataTable
        label="Courses offered"
        columns={columns}
        rows={courses.data?.courses}
        rowKey={(course) => course.id}
        emptyMessage="This school offers no course yet."
        loading={courses.isFetching}
        scroll="page"
      />
      {editable && <OfferCourseDialog school={school} opened={offering} onClose={() => setOffering(false)} />}
      <ConfirmDialog
        opened={stopping !== null}
        title="Stop offering a course"
        confirmLabel="Stop offering"
        danger
        busy={stop.isPending}
        onClose={() => setStopping(null)}
        onConfirm={() =>
          stopping?.series_offered_id &&
          stop.mutate(stopping.series_offered_id, {
            onSuccess: () => {
              showSuccess(`This school no longer offers ${stopping.name}.`);
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
