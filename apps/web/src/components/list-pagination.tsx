import { Group, Pagination, Text } from '@mantine/core';
import type { Pagination as PaginationData } from '@srs/shared/common';

type Props = { pagination: PaginationData | undefined; page: number; onPage: (page: number) => void };

/** The page of a list, bound to the URL parameter `page`. */
export function ListPagination({ pagination, page, onPage }: Props) {
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
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
