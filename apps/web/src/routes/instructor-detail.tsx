import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Outlet, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { RouteTabs } from '../components/route-tabs.tsx';
import { userQuery } from '../features/instructors/api.ts';
import { UserHeading } from '../features/instructors/components/user-heading.tsx';
import { routeIdOf } from '../lib/http-errors.ts';

const userIdOf = (value: string | undefined) => routeIdOf(value, 'Instructor');

/** The instructor's record loads first; the tabs read it from the outlet (like the student page). */
export function loader({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(userQuery(userIdOf(params.userId)));
  return null;
}

export function Component() {
  const params = useParams();
  const query = useQuery(userQuery(userIdOf(params.userId)));
  const user = query.data;
  if (!user) {
    if (query.isError) throw query.error;
    return <PageLoader />;
  }
  return (
    <>
      <UserHeading user={user} />
      <RouteTabs>
        <Outlet context={user} />
      </RouteTabs>
    </>
  );
}
