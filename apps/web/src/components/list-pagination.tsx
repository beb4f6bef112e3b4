import { Group, Pagination, Text } from '@mantine/core';
import type { Pagination as PaginationData } from '@srs/shared/common';
import { useIsMobile } from '../lib/use-is-mobile.ts';

type Props = { pagination: PaginationData | undefined; page: number; onPage: (page: number) => void };

/** The page of a list, bound to the URL parameter `page`. */
export function ListPagination({ pagination, page, onPage }: Props) {
  // On phones the controls are 44 px (global.css): fewer of them, closer, so they fit one line.
  const mobile = useIsMobile();
  if (!pagination) return null;
  const count = pagination.total_count;
  return (
    <Group justify="space-between" mt="sm" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 1 ? '1 record' : `${count} records`}
      </Text>
      {pagination.total_pages > 1 && (
        <Pagination
          total={pagination.total_pages}
          value={Math.min(page, pagination.total_pages)}
          onChange={onPage}
          size="sm"
          siblings={mobile ? 0 : 1}
          gap={mobile ? 4 : undefined}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
