import type { SchoolListResponse } from '@srs/shared/schools';
import { listRoute, type ListTableProps } from '../components/list-route.tsx';
import { defaultSchoolSort, schoolsQuery } from '../features/schools/api.ts';
import { SchoolsTable } from '../features/schools/components/schools-table.tsx';

function Table({ data, loading, sort }: ListTableProps<SchoolListResponse>) {
  return <SchoolsTable schools={data?.schools} loading={loading} sort={sort} />;
}

export const Component = listRoute({
  title: 'Schools',
  defaultSort: defaultSchoolSort,
  query: schoolsQuery,
  csv: { path: '/schools.csv', label: 'schools' },
  Table,
});
