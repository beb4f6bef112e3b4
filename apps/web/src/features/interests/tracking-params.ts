import { addMonths, maxTrackingMonths, stageShare, trackingPeriodOrderMessage } from '@srs/shared/interest-tracking';
import { humanize } from '@srs/shared/messages';
import type { SchoolRef } from '@srs/shared/common';
import { formatMonth } from '../../i18n/format.ts';
import { sharedText } from '../../i18n/shared.ts';
import { interestsText } from './messages.ts';

/**
 * The tracking page's filters as the URL keeps them (a view can be bookmarked and shared): the
 * months of the funnel, both included, and a school. Without months in the URL the page shows
 * the last 12 months, this one included, counted from the day it is opened.
 */
export type TrackingView = { from: string; to: string; schoolId?: string };

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const idPattern = /^[1-9][0-9]{0,15}$/;

export function trackingViewOf(params: URLSearchParams, today: string): TrackingView {
  const month = (name: string) => {
    const value = params.get(name) ?? '';
    return monthPattern.test(value) ? value : undefined;
  };
  const to = month('to') ?? today.slice(0, 7);
  const view: TrackingView = { from: month('from') ?? addMonths(to, -11), to };
  const school = params.get('school_id') ?? '';
  if (idPattern.test(school)) view.schoolId = school;
  return view;
}

/** A view as URL parameters. */
export function trackingParams(view: TrackingView): URLSearchParams {
  const params = new URLSearchParams({ from: view.from, to: view.to });
  if (view.schoolId) params.set('school_id', view.schoolId);
  return params;
}

/** The API query of a view. */
export function trackingQueryOf(view: TrackingView): Record<string, string> {
  const query: Record<string, string> = { from: view.from, to: view.to };
  if (view.schoolId) query.school_id = view.schoolId;
  return query;
}

/** Whether the period can be asked for: it ends on or after its start. */
export const trackingPeriodIsValid = (view: TrackingView) => view.from <= view.to;

/** The words under the To month when the period ends before it starts (the server's, with its field). */
export const trackingPeriodError = () => `${sharedText(humanize('to'))} ${sharedText(trackingPeriodOrderMessage)}`;

/** '2026-11' → 'November 2026' ('noviembre de 2026'). */
export function monthLabel(month: string): string {
  return formatMonth(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)));
}

/** The months a period can start or end on: this one and the ones before it, the latest first. */
export function monthChoices(today: string): { value: string; label: string }[] {
  const current = today.slice(0, 7);
  return Array.from({ length: maxTrackingMonths }, (_, back) => {
    const value = addMonths(current, -back);
    return { value, label: monthLabel(value) };
  });
}

/** A step's share of the interests received, as the page writes it: '40%', or '-' when none were received. */
export function shareText(count: number, received: number): string {
  const share = stageShare(count, received);
  return share === null ? '-' : `${share}%`;
}

/** A school as its row names it: 'Grace Church (101)'; none: the interests nobody has assigned. */
export const schoolLabel = (school: SchoolRef | null, none = interestsText.t('notAssignedYet')) =>
  school ? `${school.church_name} (${school.school_code})` : none;
