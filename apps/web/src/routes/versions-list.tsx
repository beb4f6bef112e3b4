import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../components/list-pagination.tsx';
import { cursorOf, pageOf, type PageCursor, withPage } from '../components/list-params.ts';
import { defaultPerPage } from '../components/list-query.ts';
import { PageHeader } from '../components/page-header.tsx';
import { sharedText } from '../i18n/shared.ts';
import { versionsQuery } from '../features/versions/api.ts';
import { VersionFiltersBar } from '../features/versions/components/version-filters-bar.tsx';
import { VersionsTable } from '../features/versions/components/versions-table.tsx';
import { recordTypeLabel } from '@srs/shared/versions';
import { changedBy } from '../features/versions/format.ts';
import { versionsText } from '../features/versions/messages.ts';
import { type VersionFilterName, versionFiltersOf, withVersionFilter } from '../features/versions/version-filters.ts';

/**
 * /versions (issue 11): every change the user may see, newest first, filtered by record type,
 * action and dates, or narrowed to one record (its page's History) or one person; pages by key.
 */
export function Component() {
  const t = versionsText.useT();
  const [params, setParams] = useSearchParams();
  const filters = versionFiltersOf(params);
  const page = pageOf(params);
  const result = useQuery(versionsQuery({ ...filters, ...cursorOf(params), page, per_page: defaultPerPage }));
  const versions = result.data?.versions;
  const change = (name: VersionFilterName, value: string | null) =>
    setParams((current) => withVersionFilter(current, name, value), { preventScrollReset: true });
  const onPage = (next: number, cursor?: PageCursor) => setParams((current) => withPage(current, next, cursor));

  let narrowedTo: string | null = null;
  if (filters.item_id) {
    const first = versions?.[0];
    // With no change listed yet, the record is named by its kind alone: its number means nothing to a person.
    narrowedTo = first
      ? t('historyOf', { name: first.record })
      : t('historyOfThis', { kind: sharedText(recordTypeLabel(filters.item_type ?? 'Record')).toLowerCase() });
  } else if (filters.whodunnit) {
    const first = versions?.[0];
    narrowedTo = first ? t('changesBy', { name: changedBy(first) }) : t('changesByThisPerson');
  }
  const clearNarrowing = () =>
    setParams((current) => withVersionFilter(withVersionFilter(current, 'item_id', null), 'whodunnit', null));

  return (
    <>
      <PageHeader title={t('title')} />
      <VersionFiltersBar filters={filters} onChange={change} narrowedTo={narrowedTo} onClearNarrowing={clearNarrowing} />
      <Paper withBorder p="sm">
        <VersionsTable versions={versions} loading={result.isFetching} />
        <ListPagination pagination={result.data?.pagination} page={page} onPage={onPage} />
      </Paper>
    </>
  );
}
