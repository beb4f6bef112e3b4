import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { AccountDetail, AccountUpdateFields } from '@srs/shared/account';
import { messages } from '@srs/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showSaveError } from '../../../lib/form-errors.ts';

const fields = ['first_name', 'last_name', 'email', 'phone'] as const;
type Values = Record<(typeof fields)[number], string>;

export const accountValuesOf = (account: AccountDetail): Values => ({
  first_name: account.first_name,
  last_name: account.last_name,
  email: account.email,
  phone: account.phone ?? '',
});

type Props = {
  account: AccountDetail;
  /** Saves; a rejection keeps the form as typed and shows the error at its field. */
  onSubmit: (fields: AccountUpdateFields) => Promise<unknown>;
};

/** The user's own name, email and phone (PATCH /users/update_current). */
export function AccountForm({ account, onSubmit }: Props) {
  const form = useForm<Values>({ defaultValues: accountValuesOf(account) });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting, isDirty } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
      form.reset(values);
    } catch (error) {
      setFailure(showSaveError(form, error, fields));
    }
  });
  const required = { required: messages.fieldRequired };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" withAsterisk autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name', required)} />
          <TextInput label="Last name" withAsterisk autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name', required)} />
          <TextInput label="Email" type="email" withAsterisk autoComplete="email" error={errors.email?.message} {...form.register('email', required)} />
          <TextInput label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
