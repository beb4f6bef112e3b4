import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Interest, InterestFormValues } from '@srs/shared/interests';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DateInput } from '../../../components/date-input.tsx';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { todayIso } from '../../../lib/dates.ts';
import { showSaveError } from '../../../lib/form-errors.ts';
import { seriesOptionsQuery } from '../../../lib/lookups/series.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useSaveInterest } from '../api.ts';
import { personName } from '../format.ts';
import { interestsText } from '../messages.ts';

const textFields = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'address_2',
  'city',
  'state',
  'zip_code',
  'country',
] as const;
type Values = Record<(typeof textFields)[number], string> & { series_id: string | null; received_on: string | null };
const fields = [...textFields, 'series_id', 'received_on'] as const;

export function valuesOf(interest: Interest | null): Values {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    first_name: text(interest?.first_name),
    last_name: text(interest?.last_name),
    email: text(interest?.email),
    phone: text(interest?.phone),
    address: text(interest?.address),
    address_2: text(interest?.address_2),
    city: text(interest?.city),
    state: text(interest?.state),
    zip_code: text(interest?.zip_code),
    // A new interest starts in the network's country; a correction keeps what was given.
    country: interest ? text(interest.country) : 'United States',
    series_id: interest?.series ? String(interest.series.id) : null,
    received_on: interest?.received_on ?? todayIso(),
  };
}

/** What the form sends: empty text is no value; the course is an id. */
export function inputOf(values: Values): InterestFormValues {
  return {
    ...values,
    series_id: values.series_id ? Number(values.series_id) : null,
    received_on: values.received_on ?? undefined,
  };
}

type Props = { opened: boolean; interest: Interest | null; onClose: () => void };

/** 'New interest' (a person who called or wrote) and 'Edit': a failed save keeps what was typed. */
export function InterestFormDialog({ opened, interest, onClose }: Props) {
  const mobile = useIsMobile();
  const t = interestsText.useT();
  return (
    <Modal opened={opened} onClose={onClose} title={interest ? t('editTitle', { name: personName(interest) }) : t('newInterest')} size="lg" fullScreen={mobile}>
      {opened && <InterestForm key={interest?.id ?? 'new'} interest={interest} onDone={onClose} />}
    </Modal>
  );
}

function InterestForm({ interest, onDone }: { interest: Interest | null; onDone: () => void }) {
  const save = useSaveInterest();
  const series = useQuery(seriesOptionsQuery());
  const form = useForm<Values>({ defaultValues: valuesOf(interest) });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const t = interestsText.useT();
  const c = commonText.useT();
  const required = { required: sharedText(messages.fieldRequired) };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: interest?.id, values: inputOf(values) });
      showSuccess(interest ? t('interestSaved', { name: personName(saved) }) : t('interestAdded', { name: personName(saved) }));
      onDone();
    } catch (error) {
      setFailure(showSaveError(form, error, fields));
    }
  });
  const text = (name: (typeof textFields)[number], label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} error={errors[name]?.message} {...extra} {...form.register(name, extra.withAsterisk ? required : {})} />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('first_name', t('firstName'), { withAsterisk: true, autoComplete: 'off' })}
          {text('last_name', t('lastName'), { withAsterisk: true, autoComplete: 'off' })}
          {text('email', t('email'), { type: 'email', autoComplete: 'off' })}
          {text('phone', t('phone'), { type: 'tel', autoComplete: 'off' })}
          {text('address', t('address'), { autoComplete: 'off' })}
          {text('address_2', t('address2'), { autoComplete: 'off' })}
          {text('city', t('city'), { autoComplete: 'off' })}
          {text('state', t('state'), { autoComplete: 'off' })}
          {text('zip_code', t('zipCode'), { autoComplete: 'off' })}
          {text('country', t('country'), { autoComplete: 'off' })}
          <Controller
            control={form.control}
            name="series_id"
            render={({ field }) => (
              <Select
                label={t('seriesAskedFor')}
                placeholder={t('noneChosen')}
                data={(series.data?.series ?? []).map((option) => ({ value: String(option.id), label: option.name }))}
                value={field.value}
                onChange={field.onChange}
                error={errors.series_id?.message}
                searchable
                clearable
              />
            )}
          />
          <Controller
            control={form.control}
            name="received_on"
            render={({ field }) => (
              <DateInput label={t('received')} value={field.value} onChange={field.onChange} error={errors.received_on?.message} />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {c('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
