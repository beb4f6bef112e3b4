import { Badge, Group } from '@mantine/core';
import type { EpisodeDelivery } from '@srs/shared/enrollments';
import { IconCheck, IconCloudUpload, IconPencil, IconSend } from '@tabler/icons-react';
import { commonText } from '../../../i18n/common.ts';
import { offlineText } from '../../../lib/offline/text.ts';
import { useLessonsWaiting } from '../../../lib/offline/use-offline.ts';
import { lessonsText } from '../lessons-text.ts';
import { episodeLabel } from './enrollment-format.ts';
import type { LessonRow } from './lesson-rows.ts';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { RowAction } from './row-action.tsx';

/** What the lessons tab does when a lesson's action is taken: its dialogs live in the tab. */
export type LessonHandlers = {
  enrollmentId: number;
  onSend: (episode: LessonRow['episode']) => void;
  onReceived: (delivery: EpisodeDelivery) => void;
  onEdit: (delivery: EpisodeDelivery) => void;
};

type EpisodeProps = { episode: LessonRow['episode']; handlers: LessonHandlers };
type DeliveryProps = EpisodeProps & { delivery: EpisodeDelivery };

/** In place of Send or Received while that write waits on the phone (issue 30): not offered twice. */
function WaitingMark() {
  const t = offlineText.useT();
  return (
    <Badge variant="light" size="lg" leftSection={<IconCloudUpload size={14} aria-hidden />}>
      {t('waitingToBeSent')}
    </Badge>
  );
}

export function SendAction({ episode, handlers }: EpisodeProps) {
  const t = lessonsText.useT();
  if (useLessonsWaiting(handlers.enrollmentId).sent.has(episode.id)) return <WaitingMark />;
  return (
    <RowAction
      label={t('send')}
      name={t('sendNamed', { lesson: episodeLabel(episode) })}
      icon={<IconSend size={18} aria-hidden />}
      wordsOnPhone
      onClick={() => handlers.onSend(episode)}
    />
  );
}

export function ReceivedAction({ episode, delivery, handlers }: DeliveryProps) {
  const t = lessonsText.useT();
  if (useLessonsWaiting(handlers.enrollmentId).received.has(delivery.id)) return <WaitingMark />;
  return (
    <RowAction
      label={t('received')}
      name={t('receivedNamed', { lesson: episodeLabel(episode) })}
      icon={<IconCheck size={18} aria-hidden />}
      variant="filled"
      wordsOnPhone
      onClick={() => handlers.onReceived(delivery)}
    />
  );
}

/** Edit and Remove of a lesson sent or received. */
export function DeliveryActions({ episode, delivery, handlers }: DeliveryProps) {
  const t = lessonsText.useT();
  const c = commonText.useT();
  return (
    <Group gap={4} wrap="nowrap">
      <RowAction
        label={c('edit')}
        name={t('editNamed', { lesson: episodeLabel(episode) })}
        icon={<IconPencil size={18} aria-hidden />}
        onClick={() => handlers.onEdit(delivery)}
      />
      <RemoveRecordButton
        enrollmentId={handlers.enrollmentId}
        attribute="episode_deliveries_attributes"
        recordId={delivery.id}
        title={t('removeNamed', { lesson: episodeLabel(episode) })}
      >
        {t('removeBody')}
      </RemoveRecordButton>
    </Group>
  );
}

/** A table row's actions: Send a lesson not sent; Received (while it is out), Edit and Remove a sent one. */
export function LessonRowActions({ row, handlers }: { row: LessonRow; handlers: LessonHandlers }) {
  const { episode, delivery } = row;
  if (!delivery) return <SendAction episode={episode} handlers={handlers} />;
  return (
    <Group gap={4} wrap="nowrap">
      {!delivery.date_completed && <ReceivedAction episode={episode} delivery={delivery} handlers={handlers} />}
      <DeliveryActions episode={episode} delivery={delivery} handlers={handlers} />
    </Group>
  );
}
