import { isValidIsoDate } from '@srs/shared/dates';
import { versionEvents, versionRecordTypes } from '@srs/shared/versions';
import { sharedText } from '../../i18n/shared.ts';

/** The filters of /versions, each kept in the URL under the API's own name (a bookmark keeps them). */
export const versionFilterNames = ['item_type', 'item_id', 'whodunnit', 'event', 'from', 'to'] as const;
export type VersionFilterName = (typeof versionFilterNames)[number];
export type VersionFilters = Partial<Record<VersionFilterName, string>>;

const positiveWhole = /^[1-9][0-9]{0,15}$/;

/**
 * The filters the URL holds, those that make sense only: a value a person could not have chosen
 * (a typed-in address) is left out rather than sent to be refused.
 */
export function versionFiltersOf(params: URLSearchParams): VersionFilters {
  const filters: VersionFilters = {};
  const value = (name: VersionFilterName) => params.get(name)?.trim() || undefined;
  const type = value('item_type');
  if (type && /^[A-Za-z]{1,40}$/.test(type)) filters.item_type = type;
  for (const name of ['item_id', 'whodunnit'] as const) {
    const id = value(name);
    if (id && positiveWhole.test(id)) filters[name] = id;
  }
  const event = value('event');
  if (event && (versionEvents as readonly string[]).includes(event)) filters.event = event;
  for (const name of ['from', 'to'] as const) {
    const date = value(name);
    if (date && isValidIsoDate(date)) filters[name] = date;
  }
  return filters;
}

/** The URL with one filter set (or cleared), back on the first page. */
export function withVersionFilter(params: URLSearchParams, name: VersionFilterName, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  // One record's history names its kind and id together: clearing the kind clears the record.
  if (name === 'item_type' && !value) next.delete('item_id');
  for (const paging of ['page', 'after', 'before']) next.delete(paging);
  return next;
}

/** The record types a person picks from, with their names ('Course or seminar'), in the app's language. */
export const recordTypeOptions = () =>
  Object.entries(versionRecordTypes).map(([value, label]) => ({ value, label: sharedText(label) }));

