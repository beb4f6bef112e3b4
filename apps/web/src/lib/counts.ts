import type { Pagination as PaginationData } from '@srs/shared/common';
import { groupedNumber } from '@srs/shared/numbers';
import { messages } from '../i18n/messages.ts';
import en from '../locales/lists.en.json';

type Count = Pick<PaginationData, 'total_count' | 'total_capped'>;

export const lists = messages('lists', en);

/** '25', '1,204', or 'More than 1,000' ('Más de 1,000') when the count stopped at its cap (docs/decisions/008). */
export function countText(pagination: Count): string {
  const count = groupedNumber(pagination.total_count);
  return pagination.total_capped ? lists.t('moreThan', { count }) : count;
}

/** '1 record', '25 records', or 'More than 1,000 records'; '1 registro', '25 registros' in Spanish. */
export function recordCount(pagination: Count): string {
  return lists.t('records', {
    capped: pagination.total_capped ? 'yes' : 'no',
    total: pagination.total_count,
    count: groupedNumber(pagination.total_count),
  });
}
