import type { EpisodeDelivery } from '@srs/shared/enrollments';
import type { Episode } from '@srs/shared/series';
import { formatDate } from '../../../i18n/format.ts';
import { lessonsText } from '../lessons-text.ts';

export type LessonRow = { episode: Pick<Episode, 'id' | 'position' | 'name'>; delivery: EpisodeDelivery | null };

/**
 * Every lesson of the course in order, with its delivery when it was sent or received. A
 * delivery of a lesson no longer in the course still shows, so that its history is not hidden.
 */
export function lessonRows(episodes: readonly Episode[], deliveries: readonly EpisodeDelivery[]): LessonRow[] {
  const byEpisode = new Map(deliveries.map((delivery) => [delivery.episode_id, delivery]));
  const rows: LessonRow[] = episodes.map((episode) => ({ episode, delivery: byEpisode.get(episode.id) ?? null }));
  const known = new Set(episodes.map((episode) => episode.id));
  for (const delivery of deliveries) {
    if (known.has(delivery.episode_id)) continue;
    rows.push({
      episode: { id: delivery.episode_id, position: delivery.episode_position, name: delivery.episode_name },
      delivery,
    });
  }
  return rows.sort((a, b) => a.episode.position - b.episode.position);
}

export type LessonState = 'unsent' | 'sent' | 'received';

/** Not sent yet; sent and waiting to come back (it offers 'Received'); or received. */
export function lessonState(delivery: EpisodeDelivery | null): LessonState {
  if (!delivery) return 'unsent';
  return delivery.date_completed ? 'received' : 'sent';
}

/**
 * A lesson as a phone lists it. Lessons not sent yet are one line each, and a run of them reads
 * as one block: `first` and `last` mark where a run starts and ends. A lesson sent or received
 * is a card of its own.
 */
export type LessonItem = LessonRow & { state: LessonState; first: boolean; last: boolean };

export function lessonItems(rows: readonly LessonRow[]): LessonItem[] {
  return rows.map((row, index) => {
    const state = lessonState(row.delivery);
    const unsent = (other: LessonRow | undefined) => other !== undefined && other.delivery === null;
    return {
      ...row,
      state,
      first: state === 'unsent' && !unsent(rows[index - 1]),
      last: state === 'unsent' && !unsent(rows[index + 1]),
    };
  });
}

/** A card's line of dates: 'Sent 03/04/2024 · Not received yet' (its type goes under its name). */
export function deliveryDates(delivery: EpisodeDelivery): string {
  const { t } = lessonsText;
  return [
    delivery.date_sent && t('sentOn', { date: formatDate(delivery.date_sent) }),
    delivery.date_completed ? t('receivedOn', { date: formatDate(delivery.date_completed) }) : t('notReceivedYet'),
  ]
    .filter(Boolean)
    .join(' · ');
}
