import { languageNames, languages } from '@srs/shared/i18n';
import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { RoleType } from '@srs/shared/roles';
import type { UserDetail, UserInputFields, UserUpdateFields } from '@srs/shared/users';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { ReadOnlyField } from '../../../components/read-only-field.tsx';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { schoolOptionsQuery } from '../../../lib/lookups/schools.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { roleLabel, roleSchoolsQuery } from '../api.ts';
import { instructorsText } from '../messages.ts';
import {
  emailLockOf,
  grantableRoleTypes,
  missingOrganisation,
  organisationKind,
  type UserFieldName,
  type UserFormValues,
  userFieldErrors,
  userInputOf,
  userUpdateOf,
} from './user-form-values.ts';

type Option = { value: string; label: string };

/** The schools and conferences a role can name: the admin's own, plus those the user already holds. */
function useOrganisationOptions(user: UserDetail | undefined) {
  const schools = useQuery(schoolOptionsQuery).data?.schools ?? [];
  const listed = useQuery(roleSchoolsQuery).data?.schools ?? [];
  const schoolOptions: Option[] = schools.map((s) => ({ value: String(s.id), label: `(#${s.school_code}) ${s.church_name}` }));
  const conferences = new Map<string, string>();
  for (const school of listed) conferences.set(String(school.conference.id), school.conference.name);
  const conferenceOptions: Option[] = [...conferences].map(([value, label]) => ({ value, label }));
  for (const role of user?.roles ?? []) {
    const target = role.organization_type === 'Conference' ? conferenceOptions : schoolOptions;
    const value = String(role.organization_id);
    if (role.organization_id !== null && !target.some((o) => o.value === value)) {
      target.push({ value, label: role.organization_name ?? value });
    }
  }
  return { school: schoolOptions, conference: conferenceOptions };
}

/**
 * A new user (POST /users), or the edit of `user` (PUT /users/{id}), which sends only what this
 * admin may change. onSubmit saves; a rejection keeps the form as typed and shows the error.
 */
type Props = {
  defaultValues: UserFormValues;
  submitLabel: string;
  onCancel: () => void;
} & (
  | { user?: undefined; onSubmit: (input: UserInputFields) => Promise<unknown> }
  | { user: UserDetail; onSubmit: (input: UserUpdateFields) => Promise<unknown> }
);

/** Names, email, phone and roles of a user (POST /users, PUT /users/{id}); the admin flag for global admins. */
export function UserForm(props: Props) {
  const { user, defaultValues, submitLabel, onCancel } = props;
  const global = useCan(['global_admin']);
  const conferenceAdmin = useCan(['conference_admin']);
  const emailLock = emailLockOf(user, useSessionUser()?.id);
  const roleTypes = grantableRoleTypes({ global, conferenceAdmin });
  const options = useOrganisationOptions(user);
  const form = useForm<UserFormValues>({ defaultValues });
  const roles = useFieldArray({ control: form.control, name: 'roles' });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const t = instructorsText.useT();
  const c = commonText.useT();

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const missing = missingOrganisation(values);
    if (missing) {
      form.setError('roles', { message: missing });
      return;
    }
    try {
      await (props.user ? props.onSubmit(userUpdateOf(values, props.user, global)) : props.onSubmit(userInputOf(values, global)));
    } catch (error) {
      const fieldErrors = error instanceof HttpError ? userFieldErrors(error.body) : {};
      for (const [field, message] of Object.entries(fieldErrors)) form.setError(field as UserFieldName, { message });
      if (Object.keys(fieldErrors).length === 0) setFailure(error instanceof Error ? error.message : sharedText(messages.somethingWentWrong));
    }
  });
  const required = { required: sharedText(messages.fieldRequired) };
  const roleTypeOptions = (current: RoleType) =>
    [...new Set([...roleTypes, current])].map((type) => ({ value: type, label: roleLabel(type) }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('firstName')} withAsterisk autoFocus error={errors.first_name?.message} {...form.register('first_name', required)} />
          <TextInput label={t('lastName')} withAsterisk error={errors.last_name?.message} {...form.register('last_name', required)} />
          {emailLock ? (
            <ReadOnlyField label={t('email')} type="email" value={user?.email ?? ''} why={emailLock} />
          ) : (
            <TextInput label={t('email')} type="email" withAsterisk autoComplete="off" error={errors.email?.message} {...form.register('email', required)} />
          )}
          <TextInput label={t('phone')} type="tel" error={errors.phone?.message} {...form.register('phone')} />
          <Controller
            control={form.control}
            name="language"
            render={({ field: input }) => (
              <Select
                label={t('language')}
                description={t('languageHelp')}
                data={[
                  { value: '', label: t('languageOfBrowser') },
                  ...languages.map((code) => ({ value: code, label: languageNames[code] })),
                ]}
                value={input.value}
                allowDeselect={false}
                onChange={(value) => input.onChange((value ?? '') as UserFormValues['language'])}
              />
            )}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('roles')}
          </Text>
          {roles.fields.map((field, index) => {
            const kind = organisationKind(form.watch(`roles.${index}.role_type`));
            return (
              <Paper key={field.id} withBorder p="xs">
                <Group align="flex-end" wrap="nowrap" gap="xs">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
                    <Controller
                      control={form.control}
                      name={`roles.${index}.role_type`}
                      render={({ field: input }) => (
                        <Select
                          label={t('role')}
                          data={roleTypeOptions(input.value)}
                          value={input.value}
                          allowDeselect={false}
                          onChange={(value) => {
                            // Instructor and school admin both name a school: the school chosen stays.
                            if (value && organisationKind(value as RoleType) !== organisationKind(input.value)) {
                              form.setValue(`roles.${index}.organization`, '');
                            }
                            input.onChange(value);
                          }}
                        />
                      )}
                    />
                    {kind && (
                      <Controller
                        control={form.control}
                        name={`roles.${index}.organization`}
                        render={({ field: input }) => (
                          <Select
                            label={kind === 'conference' ? t('conference') : t('school')}
                            placeholder={kind === 'conference' ? t('chooseConference') : t('chooseSchool')}
                            data={options[kind]}
                            searchable
                            value={input.value || null}
                            onChange={(value) => input.onChange(value ?? '')}
                          />
                        )}
                      />
                    )}
                  </SimpleGrid>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="xl"
                    aria-label={t('removeRole', { number: String(index + 1) })}
                    onClick={() => roles.remove(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
          {errors.roles?.message && (
            <Text c="red.8" size="sm" role="alert">
              {errors.roles.message}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => roles.append({ role_type: 'instructor', organization: '' })}
            >
              {t('addRole')}
            </Button>
          </Group>
        </Stack>
        {global && <Checkbox label={t('adminFlagExplained')} {...form.register('admin')} />}
        {(!user || user.permissions.welcome_email) && (
          <Checkbox
            label={user ? t('sendWelcomeAgain') : t('sendWelcomeNew')}
            {...form.register('send_welcome_email')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
