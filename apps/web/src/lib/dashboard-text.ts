import type { Pagination } from '@srs/shared/common';
import { messages } from '../i18n/messages.ts';
import { countText, lists } from './counts.ts';
import type { FollowupWords } from './dashboard-first.ts';
import en from '../locales/dashboard.en.json';

/** The dashboard's words (issue 29): its headings, tiles and lists, and its frame drawn before the scripts. */
export const dashboardText = messages('dashboard', en);

/** '23 courses and seminars to follow up, a line for each.' (the oldest first when not all fit), in the language. */
export function enrollmentLines(pagination: Pick<Pagination, 'total_count' | 'total_capped'>, shown: number): string {
  const count = pagination.total_count;
  return dashboardText.t('enrollmentLines', {
    one: count === 1 && !pagination.total_capped ? 'yes' : 'no',
    count: countText(pagination),
    all: shown < count || pagination.total_capped ? 'no' : 'yes',
    shown: String(shown),
  });
}

/** The same sentence as templates, for the page's first script (lib/dashboard-first.ts linesFromWords). */
export function followupWords(): FollowupWords {
  const sentence = (all: 'yes' | 'no') =>
    dashboardText.t('enrollmentLines', { one: 'no', count: '{count}', all, shown: '{shown}' });
  return {
    one: dashboardText.t('enrollmentLines', { one: 'yes', count: '1', all: 'yes', shown: '1' }),
    all: sentence('yes'),
    some: sentence('no'),
    more: lists.t('moreThan', { count: '{count}' }),
  };
}
