import { Alert, Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { conferencesQuery } from '../api.ts';
import { schoolsText } from '../messages.ts';
import {
  addressLabelKeys,
  addressParts,
  type SchoolFieldName,
  type SchoolFormValues,
  schoolFieldErrors,
} from './school-form-values.ts';

type Props = {
  defaultValues: SchoolFormValues;
  submitLabel: string;
  /** Global admins alone change a school's code and conference: the others see them, not edit them. */
  codeAndConferenceEditable: boolean;
  /** Saves; a rejection keeps the form as typed and shows the error. */
  onSubmit: (values: SchoolFormValues) => Promise<unknown>;
  onCancel: () => void;
};

/** The School fields of SPEC section 3: code, church name, conference, active, both address sets. */
export function SchoolForm(props: Props) {
  const form = useForm<SchoolFormValues>({ defaultValues: props.defaultValues });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const conferences = useQuery(conferencesQuery);
  const t = schoolsText.useT();
  const c = commonText.useT();
  const required = { validate: (value: unknown) => String(value ?? '').trim() !== '' || sharedText(messages.fieldRequired) };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await props.onSubmit(values);
    } catch (error) {
      const body = error instanceof HttpError && error.status === 422 ? error.body : null;
      for (const [field, message] of Object.entries(schoolFieldErrors(body))) {
        form.setError(field as SchoolFieldName, { type: 'server', message });
      }
      setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  const text = (field: SchoolFieldName, label: string, options: { required?: boolean; disabled?: boolean } = {}) => (
    <TextInput
      label={label}
      withAsterisk={options.required}
      disabled={options.disabled}
      error={errors[field]?.message}
      {...form.register(field, options.required ? required : {})}
    />
  );
  const addressSet = (prefix: 'school' | 'church', legend: string) => (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {addressParts.map((part) => (
          <div key={part}>{text(`${prefix}_${part}`, t(addressLabelKeys[part]))}</div>
        ))}
      </SimpleGrid>
    </Fieldset>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('schoolForm')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {text('school_code', t('schoolCode'), { required: true, disabled: !props.codeAndConferenceEditable })}
          {text('church_name', t('churchName'), { required: true })}
          <Controller
            control={form.control}
            name="conference_id"
            rules={required}
            render={({ field, fieldState }) => (
              <Select
                label={t('conference')}
                withAsterisk
                disabled={!props.codeAndConferenceEditable}
                data={(conferences.data?.conferences ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
                searchable
                nothingFoundMessage={t('noConferenceMatches')}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('activeTakesStudents')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        {addressSet('school', t('schoolAddress'))}
        {addressSet('church', t('churchAddress'))}
        {failure && (
          <Alert color="red" title={t('schoolNotSaved')} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel} disabled={isSubmitting}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
