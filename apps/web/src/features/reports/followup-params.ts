import { type FollowupLevel, followupLevels } from '@srs/shared/reports';
import { reportsText } from './messages.ts';

/**
 * The follow-up roll-up's place in the URL (a report can be bookmarked and shared): the level
 * shown and the rows opened on the way down, each by its id and the name it showed.
 */
export type FollowupView = {
  group: FollowupLevel;
  conference?: { id: string; name: string };
  school?: { id: string; name: string };
};

const id = (value: string | null) => (value && /^[1-9][0-9]{0,15}$/.test(value) ? value : undefined);

export function followupViewOf(params: URLSearchParams): FollowupView {
  const group = params.get('group');
  const view: FollowupView = {
    group: (followupLevels as readonly string[]).includes(group ?? '') ? (group as FollowupLevel) : 'conference',
  };
  const conference = id(params.get('conference_id'));
  if (conference) view.conference = { id: conference, name: params.get('conference_name') ?? '' };
  const school = id(params.get('school_id'));
  if (school) view.school = { id: school, name: params.get('school_name') ?? '' };
  return view;
}

/** The API query of a view. */
export function followupQueryOf(view: FollowupView): Record<string, string> {
  const query: Record<string, string> = { group: view.group };
  if (view.conference) query.conference_id = view.conference.id;
  if (view.school) query.school_id = view.school.id;
  return query;
}

/** A view as URL parameters. */
export function followupParams(view: FollowupView): URLSearchParams {
  const params = new URLSearchParams({ report: 'followup', group: view.group });
  if (view.conference) {
    params.set('conference_id', view.conference.id);
    params.set('conference_name', view.conference.name);
  }
  if (view.school) {
    params.set('school_id', view.school.id);
    params.set('school_name', view.school.name);
  }
  return params;
}

/** The view one level down from a row of this one; null at the instructors, the last level. */
export function openedRow(view: FollowupView, row: { id: number | null; name: string }): FollowupView | null {
  if (row.id === null) return null;
  const opened = { id: String(row.id), name: row.name };
  if (view.group === 'conference') return { group: 'school', conference: opened };
  if (view.group === 'school') return { ...view, group: 'instructor', school: opened };
  return null;
}

/** The way back up: every level above the one shown, each a view of its own. */
export function trailOf(view: FollowupView): { label: string; view: FollowupView }[] {
  const trail: { label: string; view: FollowupView }[] = [];
  const t = reportsText.t;
  if (view.group !== 'conference') trail.push({ label: t('allConferences'), view: { group: 'conference' } });
  if (view.group === 'instructor' && view.conference) {
    trail.push({ label: view.conference.name || t('theConference'), view: { group: 'school', conference: view.conference } });
  }
  return trail;
}

/** What the shown rows are, in words: 'Schools of Lake Union Conference'. */
export function followupTitle(view: FollowupView): string {
  const t = reportsText.t;
  if (view.group === 'instructor' && view.school) return t('instructorsOf', { school: view.school.name });
  if (view.group === 'school' && view.conference) return t('schoolsOf', { conference: view.conference.name });
  return t(({ conference: 'conferences', school: 'schools', instructor: 'instructors' } as const)[view.group]);
}
