import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Outlet, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { RouteTabs } from '../components/route-tabs.tsx';
import { seminarQuery } from '../features/seminars/api.ts';
import { SeminarHeading } from '../features/seminars/components/seminar-heading.tsx';
import { seminarsText } from '../features/seminars/messages.ts';
import { routeIdOf } from '../lib/http-errors.ts';

const seminarIdOf = (value: string | undefined) => routeIdOf(value, 'Seminar');

/** SPEC section 2: a detail route loads its record first; the page waits for it inside the shell. */
export function loader({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(seminarQuery(seminarIdOf(params.seminarId)));
  return null;
}

export function Component() {
  const t = seminarsText.useT();
  const params = useParams();
  const query = useQuery(seminarQuery(seminarIdOf(params.seminarId)));
  const seminar = query.data;
  if (!seminar) {
    if (query.isError) throw query.error;
    return <PageLoader />;
  }
  // A course's id under /seminars: the course has no seminar pages.
  if (seminar.type !== 'Seminar') throw new Error(t('notASeminar'));
  return (
    <>
      <SeminarHeading seminar={seminar} />
      <RouteTabs>
        <Outlet context={seminar} />
      </RouteTabs>
    </>
  );
}
