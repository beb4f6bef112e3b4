import { Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { ErrorPanel } from '../components/error-panel.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { SectionLinks } from '../components/section-links.tsx';
import { TrackingFilters } from '../features/interests/components/tracking-filters.tsx';
import { TrackingReport } from '../features/interests/components/tracking-report.tsx';
import { interestsText } from '../features/interests/messages.ts';
import { interestTrackingQuery } from '../features/interests/tracking-api.ts';
import {
  trackingParams,
  trackingPeriodIsValid,
  trackingQueryOf,
  trackingViewOf,
  type TrackingView,
} from '../features/interests/tracking-params.ts';
import { todayIso } from '../lib/dates.ts';
import { schoolOptionsQuery } from '../lib/lookups/schools.ts';
import { pages } from '../lib/site-map/pages.ts';

/** Starts the funnel's call while the page opens (its route checked the roles and the flag). */
export function loader({ request }: LoaderFunctionArgs) {
  const view = trackingViewOf(new URL(request.url).searchParams, todayIso());
  if (trackingPeriodIsValid(view)) void queryClient.prefetchQuery(interestTrackingQuery(trackingQueryOf(view)));
  return null;
}

/**
 * /interests/tracking (global admins, interest tracking on): the funnel of the interests received
 * per school and month, and how long the interests nobody has worked yet have waited. The months
 * and the school are in the URL, so that a view can be bookmarked and shared.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const t = interestsText.useT();
  const today = todayIso();
  const view = trackingViewOf(params, today);
  const valid = trackingPeriodIsValid(view);
  const tracking = useQuery({ ...interestTrackingQuery(trackingQueryOf(view)), enabled: valid });
  const schools = useQuery(schoolOptionsQuery);
  const school = schools.data?.schools.find((option) => String(option.id) === view.schoolId);
  const schoolName = view.schoolId ? (school ? `${school.church_name} (${school.school_code})` : t('theChosenSchool')) : null;
  return (
    <>
      <SectionLinks section="interests" />
      <PageHeader title={pages['interest-tracking'].title} />
      <Text size="sm" mb="md" maw={760}>
        {t('trackingIntro')}
      </Text>
      <TrackingFilters
        view={view}
        today={today}
        onChange={(next: TrackingView) => setParams(trackingParams(next))}
      />
      {!valid && <Text size="sm">{t('choosePeriod')}</Text>}
      {valid && tracking.isError && <ErrorPanel message={tracking.error.message} />}
      {valid && tracking.isPending && (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
      {valid && tracking.data && (
        <div aria-busy={tracking.isFetching || undefined}>
          <TrackingReport report={tracking.data} schoolName={schoolName} />
        </div>
      )}
    </>
  );
}
