import type { Pagination as PaginationData } from '@srs/shared/common';
import { groupedNumber } from '@srs/shared/numbers';

type Count = Pick<PaginationData, 'total_count' | 'total_capped'>;

/** '25', '1,204', or 'More than 1,000' when the count stopped at its cap (docs/decisions/008). */
export function countText(pagination: Count): string {
  const count = groupedNumber(pagination.total_count);
  return pagination.total_capped ? `More than ${count}` : count;
}

/** '1 record', '25 records', or 'More than 1,000 records'. */
export function recordCount(pagination: Count): string {
  return pagination.total_count === 1 && !pagination.total_capped ? '1 record' : `${countText(pagination)} records`;
}
