import { Grid, Paper, Stack, Title } from '@mantine/core';
import { dashboardInstructorRoles } from '@srs/shared/roles';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { needingFollowupQuery } from '../features/enrollments/api.ts';
import { FollowupTable } from '../features/enrollments/components/followup-table.tsx';
import { RemindersDueSection } from '../features/enrollments/components/reminders-due.tsx';
import { instructorsQuery } from '../features/instructors/api.ts';
import { InstructorsTable } from '../features/instructors/components/instructors-table.tsx';
import { coursesQuery, seminarsQuery } from '../features/series/api.ts';
import { CoursesTable } from '../features/series/components/courses-table.tsx';
import { SeminarsTable } from '../features/series/components/seminars-table.tsx';
import { followupListQuery } from '../lib/dashboard-first.ts';
import { dashboardText } from '../lib/dashboard-text.ts';
import { useCan } from '../lib/permissions.ts';
import { useCanOpen } from '../lib/site-map/page-match.ts';
import { dashboardListQuery } from './dashboard-queries.ts';

/** SPEC section 9: the follow-up table is 736 px high, or 1177 px beside the instructor table. */
export const followupHeights = { instructor: 736, admin: 1177 } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function DashboardDesktop() {
  const t = dashboardText.useT();
  const withInstructors = useCan(dashboardInstructorRoles);
  const linkCourses = useCanOpen('course');
  const linkSeminars = useCanOpen('seminar');
  const followup = useQuery(needingFollowupQuery(followupListQuery));
  const courses = useQuery(coursesQuery(dashboardListQuery));
  const seminars = useQuery(seminarsQuery(dashboardListQuery));
  const instructors = useQuery({ ...instructorsQuery(dashboardListQuery), enabled: withInstructors });

  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t('title')}
      </Title>
      <RemindersDueSection />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Section title={t('followupTitle')}>
            <FollowupTable
              enrollments={followup.data?.enrollments}
              loading={followup.isFetching}
              height={withInstructors ? followupHeights.admin : followupHeights.instructor}
            />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <Section title={t('courses')}>
              <CoursesTable
                courses={courses.data?.courses}
                loading={courses.isFetching}
                linkNames={linkCourses}
                dashboard
              />
            </Section>
            <Section title={t('seminars')}>
              <SeminarsTable
                seminars={seminars.data?.seminars}
                loading={seminars.isFetching}
                linkNames={linkSeminars}
                dashboard
              />
            </Section>
            {withInstructors && (
              <Section title={t('instructors')}>
                <InstructorsTable users={instructors.data?.users} loading={instructors.isFetching} dashboard />
              </Section>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
