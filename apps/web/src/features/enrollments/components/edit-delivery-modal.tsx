import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { isoDate } from '@srs/shared/common';
import { deliveryTypes, type EpisodeDelivery } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import { useEffect } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { DateInput } from '../../../components/date-input.tsx';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { showSaved } from '../../../lib/offline/kept-for-later.ts';
import { useUpdateEnrollment } from '../api.ts';
import { receivedAfterSent } from '../forms/form-schemas.ts';
import { lessonsText } from '../lessons-text.ts';
import { enrollmentsText } from '../messages.ts';
import { deliveryTypeLabel, episodeLabel } from './enrollment-format.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';

/** SPEC section 5, Lesson form: one of the two dates is required. */
export const DeliveryEditValues = z
  .object({
    date_sent: isoDate.nullable(),
    date_completed: isoDate.nullable(),
    delivery_type: z.enum(deliveryTypes).nullable(),
  })
  .refine((values) => values.date_sent !== null || values.date_completed !== null, {
    // Said when the check runs, in the language of that moment.
    error: () => sharedText(messages.sentOrReceivedRequired),
    path: ['date_sent'],
  })
  .refine(receivedAfterSent.check, receivedAfterSent.rule);
export type DeliveryEditValues = z.infer<typeof DeliveryEditValues>;

function valuesOf(delivery: EpisodeDelivery | null): DeliveryEditValues {
  return {
    date_sent: delivery?.date_sent ?? null,
    date_completed: delivery?.date_completed ?? null,
    delivery_type: delivery?.delivery_type ?? null,
  };
}

type DateFieldProps = {
  form: UseFormReturn<DeliveryEditValues>;
  name: 'date_sent' | 'date_completed';
  label: string;
};

/** One of the two dates; a change re-checks both, since the rule is about the pair. */
function DateField({ form, name, label }: DateFieldProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          label={label}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            if (form.formState.isSubmitted) void form.trigger();
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

type Props = { enrollmentId: number; delivery: EpisodeDelivery | null; opened: boolean; onClose: () => void };

/** Edit a lesson sent or received: its dates and type (a lesson out with the student also offers Received). */
export function EditDeliveryModal({ enrollmentId, delivery, opened, onClose }: Props) {
  const t = lessonsText.useT();
  const e = enrollmentsText.useT();
  const c = commonText.useT();
  const deliveryTypeOptions = deliveryTypes.map((value) => ({ value, label: deliveryTypeLabel(value) }));
  const update = useUpdateEnrollment(enrollmentId);
  const form = useForm<DeliveryEditValues>({
    resolver: zodResolver(DeliveryEditValues),
    defaultValues: valuesOf(delivery),
  });
  const { reset } = form;
  // Each opening starts from the saved delivery; a failed save keeps the modal open, and the typing.
  useEffect(() => {
    if (opened) reset(valuesOf(delivery));
  }, [opened, delivery, reset]);

  const save = form.handleSubmit(async (values) => {
    if (!delivery) return;
    let answer: unknown;
    try {
      answer = await update.mutateAsync({ episode_deliveries_attributes: [{ id: delivery.id, ...values }] });
    } catch {
      return; // the shared handler has shown why
    }
    showSaved(answer, sharedText(messages.updated));
    onClose();
  });

  const { submit, busy } = useSubmitOnce(save);

  const title = delivery
    ? t('lesson', { lesson: episodeLabel({ position: delivery.episode_position, name: delivery.episode_name }) })
    : '';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField form={form} name="date_sent" label={t('sentDate')} />
            <DateField form={form} name="date_completed" label={t('receivedDate')} />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="delivery_type"
            render={({ field }) => (
              <Select
                label={e('deliveryType')}
                data={deliveryTypeOptions}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                clearable
              />
            )}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {c('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {c('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
