import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Outlet, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { RouteTabs } from '../components/route-tabs.tsx';
import { SchoolHeading } from '../features/schools/components/school-heading.tsx';
import { routeIdOf } from '../lib/http-errors.ts';
import { schoolQuery } from '../lib/lookups/schools.ts';

const schoolIdOf = (value: string | undefined) => routeIdOf(value, 'School');

/** SPEC section 2: a detail route loads its record first; the shell shows meanwhile. */
export function loader({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(schoolQuery(schoolIdOf(params.schoolId)));
  return null;
}

export function Component() {
  const params = useParams();
  const query = useQuery(schoolQuery(schoolIdOf(params.schoolId)));
  const school = query.data;
  if (!school) {
    if (query.isError) throw query.error;
    return <PageLoader />;
  }
  return (
    <>
      <SchoolHeading school={school} />
      <RouteTabs>
        <Outlet context={school} />
      </RouteTabs>
    </>
  );
}
