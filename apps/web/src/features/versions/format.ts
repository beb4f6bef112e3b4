import { versionEventLabels, type VersionSummary } from '@srs/shared/versions';
import { formatDateTime } from '../../i18n/format.ts';
import { sharedText } from '../../i18n/shared.ts';
import { versionsText } from './messages.ts';

/** When a change was made, in the reader's own time: '03/14/2026 09:05' ('14/03/2026 09:05' in Spanish). */
export function changedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDateTime(date);
}

/** Who made a change; an account deleted since is said so. */
export function changedBy(version: Pick<VersionSummary, 'user'>): string {
  return version.user ? `${version.user.first_name} ${version.user.last_name}` : versionsText.t('deletedUser');
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
 * the kind said once ('Eliminado: estudiante Ann Lee' in Spanish).
 */
export function changeTitle(version: Pick<VersionSummary, 'event' | 'item_type_label' | 'record'>): string {
  const event = sharedText(versionEventLabels[version.event]);
  if (!namesItsKind(version)) {
    return versionsText.t('titleWithKind', { event, kind: sharedText(version.item_type_label).toLowerCase(), record: version.record });
  }
  const record = version.record.startsWith(version.item_type_label) ? lowerFirst(version.record) : version.record;
  return versionsText.t('titleNamed', { event, record });
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** What changed, in a line of the list: the fields of an update, else nothing more to say. */
export function changedFields(version: Pick<VersionSummary, 'event' | 'fields'>): string {
  if (version.event !== 'update' && version.event !== 'erase') return '-';
  return version.fields.length > 0 ? version.fields.map((field) => sharedText(field)).join(', ') : '-';
}
