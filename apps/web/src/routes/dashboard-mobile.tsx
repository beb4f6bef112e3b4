import { Paper, SimpleGrid, Title } from '@mantine/core';
import { relativeDays } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import { dashboardInstructorRoles } from '@srs/shared/roles';
import { IconBell, IconBook, IconChalkboard, IconPresentation, IconUserHeart, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CountTile } from '../components/count-tile.tsx';
import { type LinkItem, LinkList } from '../components/link-list.tsx';
import { followupPath, needingFollowupQuery, personName } from '../features/enrollments/api.ts';
import { instructorName, instructorsQuery } from '../features/instructors/api.ts';
import { interestsQuery } from '../features/interests/api.ts';
import { coursesQuery, seminarsQuery } from '../features/series/api.ts';
import { studentsQuery } from '../features/students/api.ts';
import { useCan } from '../lib/permissions.ts';
import { countQuery, dashboardListQuery, followupListQuery } from './dashboard-queries.ts';

type Panel = 'courses' | 'seminars' | 'instructors';

const countOf = (data: { pagination: { total_count: number } } | undefined) =>
  data ? String(data.pagination.total_count) : undefined;
const icon = (Icon: typeof IconBook) => <Icon size={22} aria-hidden />;

export function DashboardMobile() {
  const admin = useCan(dashboardInstructorRoles);
  const [panel, setPanel] = useState<Panel | null>(null);
  const courseCount = useQuery(coursesQuery(countQuery)).data;
  const seminarCount = useQuery(seminarsQuery(countQuery)).data;
  const studentCount = useQuery(studentsQuery({ ...countQuery, section: 'all' })).data;
  const followupCount = useQuery(needingFollowupQuery(countQuery)).data;
  const instructorCount = useQuery({ ...instructorsQuery(countQuery), enabled: admin }).data;
  const interestCount = useQuery({ ...interestsQuery(countQuery), enabled: !admin }).data;

  const followup = useQuery({ ...needingFollowupQuery(followupListQuery) });
  const courses = useQuery({ ...coursesQuery(dashboardListQuery), enabled: panel === 'courses' });
  const seminars = useQuery({ ...seminarsQuery(dashboardListQuery), enabled: panel === 'seminars' });
  const instructors = useQuery({ ...instructorsQuery(dashboardListQuery), enabled: panel === 'instructors' });

  const followupItems = followup.data?.enrollments.map((e) => ({
    key: e.id,
    label: personName(e.student),
    description: `${e.series.name} · ${relativeDays(e.last_followup_date)}`,
    to: followupPath(e),
  }));
  const lists: Record<Panel, { title: string; items: LinkItem[] | undefined; empty: string; failed: boolean }> = {
    courses: {
      title: 'Courses',
      empty: messages.noCourses,
      failed: courses.isError,
      items: courses.data?.courses.map((c) => ({
        key: c.id,
        label: c.name,
        description: `${c.students_count} students`,
        to: `/students?enrollments_series_id_eq=${c.id}`,
      })),
    },
    seminars: {
      title: 'Seminars',
      empty: messages.noSeminars,
      failed: seminars.isError,
      items: seminars.data?.seminars.map((s) => ({
        key: s.id,
        label: s.name,
        description: `${s.students_count} students`,
        to: `/students?enrollments_series_id_eq=${s.id}`,
      })),
    },
    instructors: {
      title: 'Instructors',
      empty: messages.noInstructors,
      failed: instructors.isError,
      items: instructors.data?.users.map((u) => ({
        key: u.id,
        label: instructorName(u),
        description: `${u.students_count} students`,
        to: `/students?instructor_id_eq=${u.id}`,
      })),
    },
  };
  const current = panel ? lists[panel] : null;
  // Course, seminar and instructor tiles open their list, each row a filtered student list.
  const select = (next: Panel) => ({
    selected: panel === next,
    onSelect: () => setPanel((shown) => (shown === next ? null : next)),
  });

  return (
    <>
      <Title order={1} size="h3" mb="sm">
        My Dashboard
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" mb="md">
        <CountTile label="Courses" count={countOf(courseCount)} icon={icon(IconBook)} {...select('courses')} />
        <CountTile
          label="Seminars"
          count={countOf(seminarCount)}
          icon={icon(IconPresentation)}
          {...select('seminars')}
        />
        <CountTile label="Students" count={countOf(studentCount)} icon={icon(IconUsers)} to="/students" />
        <CountTile
          label="Follow-up"
          count={countOf(followupCount)}
          icon={icon(IconBell)}
          to="/students?enrollments_needing_followup_eq=true"
        />
        {admin ? (
          <CountTile
            label="Instructors"
            count={countOf(instructorCount)}
            icon={icon(IconChalkboard)}
            {...select('instructors')}
          />
        ) : (
          <CountTile label="Interests" count={countOf(interestCount)} icon={icon(IconUserHeart)} to="/interests" />
        )}
      </SimpleGrid>
      {current && (
        <Paper withBorder p="xs" component="section" aria-label={current.title} mb="md">
          <Title order={2} size="h5" px="xs" mb={4}>
            {current.title}
          </Title>
          <LinkList label={current.title} items={current.items} emptyMessage={current.empty} failed={current.failed} />
        </Paper>
      )}
      <Paper withBorder p="xs" component="section" aria-label="Students needing follow-up">
        <Title order={2} size="h5" px="xs" mb={4}>
          Students needing follow-up
        </Title>
        <LinkList
          label="Students needing follow-up"
          items={followupItems}
          emptyMessage={messages.noStudentsNeedingFollowup}
          failed={followup.isError}
        />
      </Paper>
    </>
  );
}
