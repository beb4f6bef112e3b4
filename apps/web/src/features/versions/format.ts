import { versionEventLabels, type VersionSummary } from '@srs/shared/versions';

const two = (n: number) => String(n).padStart(2, '0');

/** When a change was made, in the reader's own time: '03/14/2026 09:05'. */
export function changedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Who made a change; an account deleted since is said so. */
export function changedBy(version: Pick<VersionSummary, 'user'>): string {
  return version.user ? `${version.user.first_name} ${version.user.last_name}` : 'A deleted user';
}

/**
 * Whether the record's name already says what kind of record it is: a note, a visit, an
 * enrollment are named by what they belong to ('Note on Ann Smith's Discover enrollment').
 */
export function namesItsKind(version: Pick<VersionSummary, 'item_type_label' | 'record'>): boolean {
  return version.record.toLowerCase().includes(version.item_type_label.toLowerCase());
}

/**
 * A change's title: 'Deleted student Ann Lee', 'Created note on Ann Smith's Discover enrollment',
 * the kind said once.
 */
export function changeTitle(version: Pick<VersionSummary, 'event' | 'item_type_label' | 'record'>): string {
  const event = versionEventLabels[version.event];
  if (!namesItsKind(version)) return `${event} ${version.item_type_label.toLowerCase()} ${version.record}`;
  const record = version.record.startsWith(version.item_type_label) ? lowerFirst(version.record) : version.record;
  return `${event} ${record}`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** What changed, in a line of the list: the fields of an update, else nothing more to say. */
export function changedFields(version: Pick<VersionSummary, 'event' | 'fields'>): string {
  if (version.event !== 'update' && version.event !== 'erase') return '-';
  return version.fields.length > 0 ? version.fields.join(', ') : '-';
}

