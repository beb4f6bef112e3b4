import type { SeminarListResponse } from '@srs/shared/series';
import { listRoute, type ListTableProps } from '../components/list-route.tsx';
import { defaultSeriesSort, seminarsQuery } from '../features/series/api.ts';
import { SeminarsTable } from '../features/series/components/seminars-table.tsx';
import { useCanOpen } from '../lib/site-map/page-match.ts';

function Table({ data, loading, sort }: ListTableProps<SeminarListResponse>) {
  return <SeminarsTable seminars={data?.seminars} loading={loading} linkNames={useCanOpen('seminar')} sort={sort} />;
}

export const Component = listRoute({ title: 'Seminars', defaultSort: defaultSeriesSort, query: seminarsQuery, Table });
