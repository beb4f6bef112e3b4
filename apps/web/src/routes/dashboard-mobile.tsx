import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { formatDate, relativeDays } from '@srs/shared/dates';
import type { Interest } from '@srs/shared/interests';
import { messages } from '@srs/shared/messages';
import { dashboardInstructorRoles } from '@srs/shared/roles';
import { IconBell, IconBook, IconChalkboard, IconPresentation, IconUserHeart, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { CountTile } from '../components/count-tile.tsx';
import { type LinkItem, LinkList } from '../components/link-list.tsx';
import { followupPath, needingFollowupQuery, personName } from '../features/enrollments/api.ts';
import { instructorName, instructorsQuery } from '../features/instructors/api.ts';
import { interestsQuery } from '../features/interests/api.ts';
import { studentFilterQuery, studentsQuery } from '../features/students/api.ts';
import { useAppConfig } from '../lib/app-config.ts';
import { countText } from '../lib/counts.ts';
import { enrollmentLines, followupListQuery } from '../lib/dashboard-first.ts';
import { rememberDashboardTiles } from '../lib/dashboard-tiles.ts';
import { useCan } from '../lib/permissions.ts';
import { countQuery, dashboardListQuery } from './dashboard-queries.ts';

type Panel = 'instructors' | 'interests';

/** The student lists the tiles open (SPEC section 2: tiles link to filtered /students lists). */
export const tileLinks = {
  courses: '/students?enrollments_series_type_eq=Course',
  seminars: '/students?enrollments_series_type_eq=Seminar',
  students: '/students',
  followup: '/students?enrollments_needing_followup_eq=true',
} as const;

const countOf = (data: { pagination: { total_count: number; total_capped: boolean } } | undefined) =>
  data ? countText(data.pagination) : undefined;
const icon = (Icon: typeof IconBook) => <Icon size={22} aria-hidden />;

/**
 * The total of the student list a tile opens: the list's own query for that address with a page
 * size of 1 (SPEC section 9), so the tile and the list always count the same students.
 */
function useListTotal(to: string) {
  const params = new URLSearchParams(to.split('?')[1] ?? '');
  return countOf(useQuery(studentsQuery({ ...studentFilterQuery(params), ...countQuery })).data);
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const interestLine = (interest: Interest): LinkItem => ({
  key: interest.id,
  label: `${interest.first_name} ${interest.last_name}`,
  description: [
    interest.series?.name,
    interest.city,
    capitalised(interest.status),
    `received ${formatDate(interest.received_on)}`,
  ]
    .filter(Boolean)
    .join(' · '),
});

export function DashboardMobile() {
  const admin = useCan(dashboardInstructorRoles);
  // The Interests tile of non-admins shows only with interest tracking on, and opens their list here:
  // the interest pages are for global admins.
  const config = useAppConfig();
  const interestTracking = config?.features.interest_tracking === true;
  const showInterests = !admin && interestTracking;
  const tileCount = 4 + (admin || showInterests ? 1 : 0);
  useEffect(() => {
    if (config) rememberDashboardTiles(tileCount);
  }, [config, tileCount]);
  const [panel, setPanel] = useState<Panel | null>(null);
  const courseCount = useListTotal(tileLinks.courses);
  const seminarCount = useListTotal(tileLinks.seminars);
  const studentCount = useListTotal(tileLinks.students);
  const followupCount = useListTotal(tileLinks.followup);
  const instructorCount = useQuery({ ...instructorsQuery(countQuery), enabled: admin }).data;
  const interestCount = useQuery({ ...interestsQuery(countQuery), enabled: showInterests }).data;

  const followup = useQuery({ ...needingFollowupQuery(followupListQuery) });
  const instructors = useQuery({ ...instructorsQuery(dashboardListQuery), enabled: panel === 'instructors' });
  const interests = useQuery({ ...interestsQuery(followupListQuery), enabled: panel === 'interests' });

  // The same rows while the tiles' counts arrive one by one: the long list is not drawn again for each.
  const followupItems = useMemo(
    () =>
      followup.data?.enrollments.map((e) => ({
        key: e.id,
        label: personName(e.student),
        description: `${e.series.name} · ${relativeDays(e.last_followup_date)}`,
        to: followupPath(e),
      })),
    [followup.data],
  );
  type PanelList = { title: string; items: LinkItem[] | undefined; empty: string; failed: boolean; more?: string };
  const shownInterests = interests.data?.interests.length ?? 0;
  const totalInterests = interests.data?.pagination.total_count ?? 0;
  const lists: Record<Panel, PanelList> = {
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
    interests: {
      title: 'Interests',
      empty: 'No interests assigned to your schools.',
      failed: interests.isError,
      items: interests.data?.interests.map(interestLine),
      more:
        totalInterests > shownInterests ? `The newest ${shownInterests} of ${totalInterests} interests.` : undefined,
    },
  };
  const current = panel ? lists[panel] : null;
  // The Instructors and Interests tiles open their list below the tiles.
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
        <CountTile
          label="Courses"
          caption="students in courses"
          count={courseCount}
          icon={icon(IconBook)}
          to={tileLinks.courses}
        />
        <CountTile
          label="Seminars"
          caption="students in seminars"
          count={seminarCount}
          icon={icon(IconPresentation)}
          to={tileLinks.seminars}
        />
        <CountTile label="Students" count={studentCount} icon={icon(IconUsers)} to={tileLinks.students} />
        <CountTile
          label="Follow-up"
          caption="students needing follow-up"
          count={followupCount}
          icon={icon(IconBell)}
          to={tileLinks.followup}
        />
        {admin && (
          <CountTile
            label="Instructors"
            count={countOf(instructorCount)}
            icon={icon(IconChalkboard)}
            {...select('instructors')}
          />
        )}
        {showInterests && (
          <CountTile
            label="Interests"
            count={countOf(interestCount)}
            icon={icon(IconUserHeart)}
            {...select('interests')}
          />
        )}
      </SimpleGrid>
      {current && (
        <Paper withBorder p="xs" component="section" aria-label={current.title} mb="md">
          <Title order={2} size="h5" px="xs" mb={4}>
            {current.title}
          </Title>
          <LinkList
            key={panel}
            label={current.title}
            items={current.items}
            emptyMessage={current.empty}
            failed={current.failed}
          />
          {current.more && (
            <Text size="xs" c="dimmed" px="xs" pt={4}>
              {current.more}
            </Text>
          )}
        </Paper>
      )}
      <Paper withBorder p="xs" component="section" aria-label="Students needing follow-up">
        <Title order={2} size="h5" px="xs" mb={4}>
          Students needing follow-up
        </Title>
        {/* The tile counts students; this list has a line per course or seminar, and says so. */}
        {followup.data && followup.data.pagination.total_count > 0 && (
          <Text size="xs" c="dimmed" px="xs" mb={4}>
            {enrollmentLines(followup.data.pagination, followup.data.enrollments.length)}
          </Text>
        )}
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
