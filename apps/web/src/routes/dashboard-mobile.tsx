import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { type Interest, interestStatusLabels } from '@srs/shared/interests';
import { messages } from '@srs/shared/messages';
import { dashboardInstructorRoles } from '@srs/shared/roles';
import { IconBell, IconBook, IconChalkboard, IconPresentation, IconUserHeart, IconUsers } from '@tabler/icons-react';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ComponentProps, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { CountTile } from '../components/count-tile.tsx';
import { type LinkItem, LinkList } from '../components/link-list.tsx';
import { followupPath, needingFollowupQuery, personName } from '../features/enrollments/api.ts';
import { RemindersDueSection } from '../features/enrollments/components/reminders-due.tsx';
import { instructorName, instructorsQuery } from '../features/instructors/api.ts';
import { interestsQuery } from '../features/interests/api.ts';
import { studentFilterQuery, studentsQuery } from '../features/students/api.ts';
import { useAppConfig } from '../lib/app-config.ts';
import { formatDate, relativeDays } from '../i18n/format.ts';
import { sharedText, useSharedText } from '../i18n/shared.ts';
import { countText } from '../lib/counts.ts';
import { dashboardText } from '../lib/dashboard-text.ts';
import { followupReasonText, followupText } from '../lib/followup-words.ts';
import { followupListQuery } from '../lib/dashboard-first.ts';
import { enrollmentLines } from '../lib/dashboard-text.ts';
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

type Counted = { pagination: { total_count: number; total_capped: boolean } };
const countOf = (data: Counted | undefined) => (data ? countText(data.pagination) : undefined);
const icon = (Icon: typeof IconBook) => <Icon size={22} aria-hidden />;

type TileProps = Omit<ComponentProps<typeof CountTile>, 'count'>;

/**
 * A tile with the total of the student list it opens: the list's own query for that address with
 * a page size of 1 (SPEC section 9), so the tile and the list always count the same students.
 * Each tile asks for its own count, and only that tile draws again when it arrives.
 */
function ListTotalTile({ to, ...tile }: TileProps & { to: string }) {
  const params = new URLSearchParams(to.split('?')[1] ?? '');
  const { data } = useQuery(studentsQuery({ ...studentFilterQuery(params), ...countQuery }));
  return <CountTile {...tile} to={to} count={countOf(data)} />;
}

/** A tile that opens a list below the tiles, with the total its own query counts. */
function PanelTile<T extends Counted, K extends QueryKey>({
  query,
  ...tile
}: TileProps & { query: UseQueryOptions<T, Error, T, K> }) {
  return <CountTile {...tile} count={countOf(useQuery(query).data)} />;
}

/** An interest's line, in the language of the moment: 'Discover Bible Guides · Springfield · Assigned · received 03/04/2024'. */
const interestLine = (interest: Interest): LinkItem => ({
  key: interest.id,
  label: `${interest.first_name} ${interest.last_name}`,
  description: [
    interest.series?.name,
    interest.city,
    sharedText(interestStatusLabels[interest.status]),
    dashboardText.t('interestReceived', { date: formatDate(interest.received_on) }),
  ]
    .filter(Boolean)
    .join(' · '),
});

type PanelContent = { title: string; items: LinkItem[] | undefined; empty: string; failed: boolean; more?: string };

/** The list an Instructors or Interests tile opens below the tiles. */
function PanelList({ panel }: { panel: Panel }) {
  const t = dashboardText.useT();
  const shared = useSharedText();
  const instructors = useQuery({ ...instructorsQuery(dashboardListQuery), enabled: panel === 'instructors' });
  const interests = useQuery({ ...interestsQuery(followupListQuery), enabled: panel === 'interests' });
  const shownInterests = interests.data?.interests.length ?? 0;
  const totalInterests = interests.data?.pagination.total_count ?? 0;
  const lists: Record<Panel, PanelContent> = {
    instructors: {
      title: t('instructors'),
      empty: shared(messages.noInstructors),
      failed: instructors.isError,
      items: instructors.data?.users.map((u) => ({
        key: u.id,
        label: instructorName(u),
        description: t('instructorStudents', { count: u.students_count, n: String(u.students_count) }),
        to: `/students?instructor_id_eq=${u.id}`,
      })),
    },
    interests: {
      title: t('interests'),
      empty: t('noInterests'),
      failed: interests.isError,
      items: interests.data?.interests.map(interestLine),
      more:
        totalInterests > shownInterests
          ? t('newestInterests', { shown: String(shownInterests), total: String(totalInterests) })
          : undefined,
    },
  };
  const current = lists[panel];
  return (
    <Paper withBorder p="xs" component="section" aria-label={current.title} mb="md">
      <Title order={2} size="h5" px="xs" mb={4}>
        {current.title}
      </Title>
      <LinkList key={panel} label={current.title} items={current.items} emptyMessage={current.empty} failed={current.failed} />
      {current.more && (
        <Text size="xs" c="dimmed" px="xs" pt={4}>
          {current.more}
        </Text>
      )}
    </Paper>
  );
}

/** The follow-up list, a line per course or seminar, drawn again only when its own data arrives. */
function FollowupSection() {
  const t = dashboardText.useT();
  const shared = useSharedText();
  const reasons = followupText.useT();
  const followup = useQuery({ ...needingFollowupQuery(followupListQuery) });
  // The rows are made in the background render that draws them (LinkList defers it too): a hundred
  // paths and names made as the answer arrives were one long task on a slow phone.
  const enrollments = useDeferredValue(followup.data?.enrollments);
  const items = useMemo(
    () =>
      enrollments?.map((e) => ({
        key: e.id,
        label: personName(e.student),
        description: `${e.series.name} · ${relativeDays(e.last_followup_date)} · ${followupReasonText(e.followup_reason, reasons)}`,
        to: followupPath(e),
      })),
    // Made again in a new language: the reasons' words change with it.
    [enrollments, reasons],
  );
  return (
    <Paper withBorder p="xs" component="section" aria-label={t('followupTitle')}>
      <Title order={2} size="h5" px="xs" mb={4}>
        {t('followupTitle')}
      </Title>
      {/* The tile counts students; this list has a line per course or seminar, and says so. */}
      {followup.data && followup.data.pagination.total_count > 0 && (
        <Text size="xs" c="dimmed" px="xs" mb={4}>
          {enrollmentLines(followup.data.pagination, followup.data.enrollments.length)}
        </Text>
      )}
      <LinkList
        label={t('followupTitle')}
        items={items}
        emptyMessage={shared(messages.noStudentsNeedingFollowup)}
        failed={followup.isError}
      />
    </Paper>
  );
}

export function DashboardMobile() {
  const t = dashboardText.useT();
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
  // The Instructors and Interests tiles open their list below the tiles.
  const select = (next: Panel) => ({
    selected: panel === next,
    onSelect: () => setPanel((shown) => (shown === next ? null : next)),
  });

  return (
    <>
      <Title order={1} size="h3" mb="sm">
        {t('title')}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" mb="md">
        <ListTotalTile label={t('courses')} caption={t('studentsInCourses')} icon={icon(IconBook)} to={tileLinks.courses} />
        <ListTotalTile
          label={t('seminars')}
          caption={t('studentsInSeminars')}
          icon={icon(IconPresentation)}
          to={tileLinks.seminars}
        />
        <ListTotalTile label={t('students')} icon={icon(IconUsers)} to={tileLinks.students} />
        <ListTotalTile
          label={t('followup')}
          caption={t('studentsNeedingFollowup')}
          icon={icon(IconBell)}
          to={tileLinks.followup}
        />
        {admin && (
          <PanelTile
            label={t('instructors')}
            query={instructorsQuery(countQuery)}
            icon={icon(IconChalkboard)}
            {...select('instructors')}
          />
        )}
        {showInterests && (
          <PanelTile
            label={t('interests')}
            query={interestsQuery(countQuery)}
            icon={icon(IconUserHeart)}
            {...select('interests')}
          />
        )}
      </SimpleGrid>
      {panel && <PanelList panel={panel} />}
      <RemindersDueSection phone />
      <FollowupSection />
    </>
  );
}
