import { Button, Group } from '@mantine/core';
import type { SeminarListResponse } from '@srs/shared/series';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { listRoute, type ListTableProps } from '../components/list-route.tsx';
import { seminarsText } from '../features/seminars/messages.ts';
import { defaultSeriesSort, seminarsQuery } from '../features/series/api.ts';
import { SeminarsTable } from '../features/series/components/seminars-table.tsx';
import { useCanOpen } from '../lib/site-map/page-match.ts';
import { pages } from '../lib/site-map/pages.ts';

function Table({ data, loading, sort }: ListTableProps<SeminarListResponse>) {
  const t = seminarsText.useT();
  // SPEC section 6: school and global admins create seminars (the form asks for the hosting school).
  const canCreate = useCanOpen('seminar-new');
  return (
    <>
      {canCreate && (
        <Group justify="flex-end" mb="sm">
          <Button component={Link} to={pages['seminar-new'].path} variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('newSeminar')}
          </Button>
        </Group>
      )}
      <SeminarsTable seminars={data?.seminars} loading={loading} linkNames={useCanOpen('seminar')} sort={sort} />
    </>
  );
}

export const Component = listRoute({
  title: () => seminarsText.t('seminars'),
  defaultSort: defaultSeriesSort,
  query: seminarsQuery,
  Table,
});
