import { Badge, Group, Title } from '@mantine/core';
import { type LoaderFunctionArgs, Outlet } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { HistoryLink } from '../components/history-link.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { RouteTabs } from '../components/route-tabs.tsx';
import { seriesQuery } from '../features/series/api.ts';
import { coursesText } from '../features/series/messages.ts';
import { seriesIdOf, useSeriesOfPage } from '../features/series/series-page.ts';

/** SPEC section 2: a detail route starts its record's load; the page shell shows meanwhile. */
export function loader({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(seriesQuery(seriesIdOf(params.courseId, 'Course')));
  return null;
}

/** /courses/{courseId}: the course and its tabs (overview, lessons, decisions, products, schools). */
export function Component() {
  const t = coursesText.useT();
  const course = useSeriesOfPage('Course');
  if (!course) return <PageLoader />;
  return (
    <>
      <Group gap="sm" mb="md" align="center">
        <Title order={1} size="h2">
          {course.name}
        </Title>
        {course.priority && <Badge variant="light">{t('priority')}</Badge>}
        {!course.active && (
          <Badge variant="light" color="gray">
            {t('notActive')}
          </Badge>
        )}
        <HistoryLink itemType="Series" itemId={course.id} />
      </Group>
      <RouteTabs>
        <Outlet />
      </RouteTabs>
    </>
  );
}
