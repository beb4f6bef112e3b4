import { Center, Group, Loader, Text } from '@mantine/core';
import type { EpisodeDelivery } from '@srs/shared/enrollments';
import { lessonsText } from '../lessons-text.ts';
import { enrollmentsText } from '../messages.ts';
import { DecisionBadges } from './decision-badges.tsx';
import { deliveryTypeLabel, episodeLabel } from './enrollment-format.ts';
import { DeliveryActions, type LessonHandlers, ReceivedAction, SendAction } from './lesson-actions.tsx';
import classes from './lesson-list.module.css';
import { deliveryDates, type LessonItem, type LessonRow, lessonItems } from './lesson-rows.ts';
import { NoteList } from './note-list.tsx';
import { useNotLoadedText } from '../../../components/not-loaded.ts';

type ItemProps = { item: LessonItem; handlers: LessonHandlers };

function UnsentLine({ item, handlers }: ItemProps) {
  const t = lessonsText.useT();
  return (
    <li
      className={classes.line}
      aria-label={t('lesson', { lesson: episodeLabel(item.episode) })}
      data-first={item.first || undefined}
      data-last={item.last || undefined}
    >
      <Text size="sm" className={classes.name}>
        {episodeLabel(item.episode)}
      </Text>
      <SendAction episode={item.episode} handlers={handlers} />
    </li>
  );
}

function DeliveryCard({ item, delivery, handlers }: ItemProps & { delivery: EpisodeDelivery }) {
  const t = lessonsText.useT();
  return (
    <li className={classes.card} aria-label={t('lesson', { lesson: episodeLabel(item.episode) })} data-state={item.state}>
      <div className={classes.name}>
        <Text size="sm" fw={600}>
          {episodeLabel(item.episode)}
        </Text>
        {delivery.delivery_type && (
          <Text size="xs" c="dimmed">
            {deliveryTypeLabel(delivery.delivery_type)}
          </Text>
        )}
      </div>
      <DeliveryActions episode={item.episode} delivery={delivery} handlers={handlers} />
      <Text size="xs" c="dimmed" className={classes.wide}>
        {deliveryDates(delivery)}
      </Text>
      {delivery.decisions.length > 0 && (
        <Group gap={6} className={classes.wide}>
          <DecisionBadges decisions={delivery.decisions} />
        </Group>
      )}
      {/* What the student wrote on the lesson sent back, whole: a count alone cannot be read. */}
      {delivery.notes.length > 0 && (
        <div className={classes.wide}>
          <NoteList notes={delivery.notes} label={t('notesOn', { lesson: episodeLabel(item.episode) })} />
        </div>
      )}
      {item.state === 'sent' && (
        <div className={classes.wide}>
          <ReceivedAction episode={item.episode} delivery={delivery} handlers={handlers} />
        </div>
      )}
    </li>
  );
}

type Props = { rows: readonly LessonRow[] | undefined; loading: boolean; handlers: LessonHandlers };

/**
 * The lessons of a course on a phone: a 7-line card per lesson made a 20-lesson course six
 * screens long, most of it dashes of lessons not sent; now those take one line each.
 */
export function LessonList({ rows, loading, handlers }: Props) {
  const t = lessonsText.useT();
  const e = enrollmentsText.useT();
  const notLoaded = useNotLoadedText();
  if (loading) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={e('loading')} />
      </Center>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {rows ? t('noLessons') : notLoaded()}
      </Text>
    );
  }
  return (
    <ul className={classes.list} aria-label={t('title')}>
      {lessonItems(rows).map((item) =>
        item.delivery ? (
          <DeliveryCard key={item.episode.id} item={item} delivery={item.delivery} handlers={handlers} />
        ) : (
          <UnsentLine key={item.episode.id} item={item} handlers={handlers} />
        ),
      )}
    </ul>
  );
}
