import { Button, Group, Pagination, Text } from '@mantine/core';
import type { Pagination as PaginationData } from '@srs/shared/common';
import { groupedNumber } from '@srs/shared/numbers';
import { lists, recordCount } from '../lib/counts.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';
import type { PageCursor } from './list-params.ts';

type Props = {
  pagination: PaginationData | undefined;
  page: number;
  onPage: (page: number, cursor?: PageCursor) => void;
};

/**
 * The page of a list, bound to the URL parameters `page` (and `after`/`before`, docs/decisions/008).
 * A counted list shows numbered pages; a list past the count's cap pages by key: First, Previous,
 * 'Page n' and Next, each as fast on page 20,000 as on page 2.
 */
export function ListPagination({ pagination, page, onPage }: Props) {
  // On phones the controls are 44 px (global.css): fewer of them, closer, so they fit one line.
  const mobile = useIsMobile();
  const t = lists.useT();
  if (!pagination) return null;
  const next = pagination.next_cursor;
  const previous = pagination.prev_cursor;
  return (
    <Group justify="space-between" mt="sm" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {recordCount(pagination)}
      </Text>
      {pagination.total_capped ? (
        <Group gap={mobile ? 4 : 'xs'} component="nav" aria-label={t('pages')}>
          {page > 2 && (
            <Button variant="default" size="xs" onClick={() => onPage(1)} aria-label={t('firstPage')}>
              {t('first')}
            </Button>
          )}
          <Button
            variant="default"
            size="xs"
            disabled={page <= 1}
            onClick={() => onPage(page - 1, previous ? { before: previous } : undefined)}
            aria-label={t('previousPage')}
          >
            {t('previous')}
          </Button>
          <Text size="sm" aria-current="page">
            {t('page', { page: groupedNumber(page) })}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={!next}
            onClick={() => next && onPage(page + 1, { after: next })}
            aria-label={t('nextPage')}
          >
            {t('next')}
          </Button>
        </Group>
      ) : (
        pagination.total_pages > 1 && (
          <Pagination
            total={pagination.total_pages}
            value={Math.min(page, pagination.total_pages)}
            onChange={onPage}
            size="sm"
            siblings={mobile ? 0 : 1}
            gap={mobile ? 4 : undefined}
            getControlProps={(control) => ({ 'aria-label': t(`${control}Page`) })}
            getItemProps={(item) => ({ 'aria-label': t('page', { page: groupedNumber(item) }) })}
          />
        )
      )}
    </Group>
  );
}
