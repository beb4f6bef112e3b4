import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { AccountDetail, AccountUpdateFields } from '@srs/shared/account';
import { messages } from '@srs/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { helpBelow, ReadOnlyField } from '../../../components/read-only-field.tsx';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { showSaveError } from '../../../lib/form-errors.ts';
import { type AccountValues, accountInputOf, accountValuesOf, asksPassword, shownFields } from '../account-form-values.ts';
import { accountText } from '../messages.ts';

type Props = {
  account: AccountDetail;
  /** Saves; a rejection keeps the form as typed and shows the error at its field. */
  onSubmit: (fields: AccountUpdateFields) => Promise<unknown>;
};

/**
 * The user's own name, email and phone (PATCH /users/update_current). A new email is the key to
 * the account, so the password is asked again first; someone who signs in through their
 * organisation is known there by their email, which a coordinator changes.
 */
export function AccountForm({ account, onSubmit }: Props) {
  const t = accountText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const form = useForm<AccountValues>({ defaultValues: accountValuesOf(account) });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting, isDirty } = form.formState;
  const email = form.watch('email');
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(accountInputOf(values, account));
      form.reset({ ...values, current_password: '' });
    } catch (error) {
      setFailure(showSaveError(form, error, shownFields(account, values.email)));
    }
  });
  const required = { required: shared(messages.fieldRequired) };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('firstName')} withAsterisk autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name', required)} />
          <TextInput label={t('lastName')} withAsterisk autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name', required)} />
          {account.password_sign_in ? (
            <TextInput label={t('email')} type="email" withAsterisk autoComplete="email" error={errors.email?.message} {...form.register('email', required)} />
          ) : (
            <ReadOnlyField
              label={t('email')}
              type="email"
              value={account.email}
              why={t('emailElsewhere')}
            />
          )}
          {asksPassword(account, email) && (
            <TextInput
              label={t('currentPassword')}
              type="password"
              autoComplete="current-password"
              description={t('passwordForEmail')}
              {...helpBelow}
              error={errors.current_password?.message}
              {...form.register('current_password')}
            />
          )}
          <TextInput label={t('phone')} type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {c('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
