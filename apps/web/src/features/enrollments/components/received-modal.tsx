import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Text } from '@mantine/core';
import type { EnrollmentDetail, EpisodeDelivery } from '@srs/shared/enrollments';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { formatDate } from '../../../i18n/format.ts';
import { todayIso } from '../../../lib/dates.ts';
import { decisionOptionsQuery } from '../../../lib/lookups/series.ts';
import { DateField, DecisionOptionsField, NoteFields } from '../forms/form-fields.tsx';
import { type ReceivedOutput, type ReceivedValues, receivedSchema } from '../forms/form-schemas.ts';
import { receivedBody } from '../forms/record-bodies.ts';
import { lessonsText } from '../lessons-text.ts';
import { deliveryTypeLabel, episodeLabel } from './enrollment-format.ts';
import { RecordDialogForm, useRecordUpdate } from './record-dialog.tsx';

const lessonOf = (delivery: EpisodeDelivery) =>
  episodeLabel({ position: delivery.episode_position, name: delivery.episode_name });

type FormProps = { enrollment: EnrollmentDetail; delivery: EpisodeDelivery; onClose: () => void };

function ReceivedForm({ enrollment, delivery, onClose }: FormProps) {
  const t = lessonsText.useT();
  const form = useForm<ReceivedValues, unknown, ReceivedOutput>({
    resolver: zodResolver(receivedSchema),
    defaultValues: {
      date_sent: delivery.date_sent,
      date_completed: todayIso(),
      // The decisions already recorded on the lesson start ticked; unticking one removes it.
      decision_option_ids: delivery.decisions.map((decision) => String(decision.decision_option_id)),
      // Most notes are plain notes: the type is there already, a prayer request is one choice away.
      note_type: 'Note',
      note_text: '',
    },
  });
  const options = useQuery(decisionOptionsQuery(enrollment.series_id));
  const { save, saving } = useRecordUpdate(enrollment.id, onClose);
  return (
    <RecordDialogForm
      onSubmit={form.handleSubmit((values) => save(receivedBody(values, delivery)))}
      onCancel={onClose}
      saving={saving}
    >
      <Text size="sm" c="dimmed">
        {t('sentOn', { date: formatDate(delivery.date_sent) })}
        {delivery.delivery_type && ` · ${deliveryTypeLabel(delivery.delivery_type)}`}
      </Text>
      <DateField control={form.control} name="date_completed" label={t('receivedDate')} required />
      <DecisionOptionsField
        control={form.control}
        name="decision_option_ids"
        options={options.data?.decision_options}
        loading={options.isPending}
      />
      <NoteFields control={form.control} typeName="note_type" textName="note_text" />
    </RecordDialogForm>
  );
}

type Props = {
  enrollment: EnrollmentDetail;
  /** The lesson sent and not yet received; it stays while the dialog closes. */
  delivery: EpisodeDelivery | null;
  opened: boolean;
  onClose: () => void;
};

/**
 * 'Received' of a lesson sent: the received date (today unless changed), the decisions the
 * student marked and a note, in one dialog and one PUT, instead of Edit, then the Decisions tab.
 */
export function ReceivedModal({ enrollment, delivery, opened, onClose }: Props) {
  const t = lessonsText.useT();
  // The dialog's title also names it for assistive technology and tests.
  const title = delivery ? t('lessonReceived', { lesson: lessonOf(delivery) }) : '';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {delivery && <ReceivedForm enrollment={enrollment} delivery={delivery} onClose={onClose} />}
    </Modal>
  );
}
