import { Alert, Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { HttpError } from '../../../lib/http-errors.ts';
import { conferencesQuery } from '../api.ts';
import {
  addressLabels,
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
  const required = { validate: (value: unknown) => String(value ?? '').trim() !== '' || messages.fieldRequired };

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
          <div key={part}>{text(`${prefix}_${part}`, addressLabels[part])}</div>
        ))}
      </SimpleGrid>
    </Fieldset>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="School">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {text('school_code', 'School code', { required: true, disabled: !props.codeAndConferenceEditable })}
          {text('church_name', 'Church name', { required: true })}
          <Controller
            control={form.control}
            name="conference_id"
            rules={required}
            render={({ field, fieldState }) => (
              <Select
                label="Conference"
                withAsterisk
                disabled={!props.codeAndConferenceEditable}
                data={(conferences.data?.conferences ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
                searchable
                nothingFoundMessage="No conference matches"
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label="Active (takes new students)"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        {addressSet('school', 'School address')}
        {addressSet('church', 'Church address')}
        {failure && (
          <Alert color="red" title="The school was not saved" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
