import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SignupInput } from '@srs/shared/signup';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { signupSchoolsQuery, useRequestAccount } from '../signup-api.ts';
import { authText } from '../text.ts';

type Values = { first_name: string; last_name: string; email: string; school_id: string | null; message: string };
type Errors = Partial<Record<keyof Values, string>>;

const empty: Values = { first_name: '', last_name: '', email: '', school_id: null, message: '' };
/** Each field's label in the catalogue. */
const labels = new Map<keyof Values, 'firstName' | 'lastName' | 'email' | 'school' | 'message'>([
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['email', 'email'],
  ['school_id', 'school'],
  ['message', 'message'],
]);

/**
 * The request's fields checked with the server's own schema: 'Email is not a valid email address',
 * in the language of the moment (the schema's words through sharedText).
 */
export function requestErrors(values: Values): Errors {
  const parsed = SignupInput.safeParse({ ...values, school_id: values.school_id ? Number(values.school_id) : undefined });
  if (parsed.success) return {};
  const t = authText.t;
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Values;
    if (field === 'school_id') {
      errors[field] ??= t('chooseSchool');
      continue;
    }
    // A message that goes on from the field's name ('is not a valid email address') follows it.
    errors[field] ??= /^[a-z]/.test(issue.message) ? `${t(labels.get(field) ?? 'message')} ${sharedText(issue.message)}` : sharedText(issue.message);
  }
  return errors;
}

/** 'Need an account?': ask the school's coordinators for one (POST /signup). */
export function AccountRequestForm({ onClose }: { onClose: () => void }) {
  const t = authText.useT();
  const c = commonText.useT();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const schools = useQuery(signupSchoolsQuery(debounced)).data?.schools ?? [];
  const request = useRequestAccount();
  const set = (field: keyof Values) => (value: string | null) => setValues((current) => ({ ...current, [field]: value }));

  if (request.data) {
    return (
      <Alert color="green" role="status" title={t('requestSent')}>
        {request.data.message}
      </Alert>
    );
  }
  const options = schools.map((school) => ({
    value: String(school.id),
    label: `(#${school.school_code}) ${school.church_name}${school.city ? `, ${school.city}` : ''}`,
  }));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = requestErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    request.mutate({ ...values, school_id: Number(values.school_id) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('askForAccount')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('firstName')} withAsterisk autoFocus value={values.first_name} error={errors.first_name} onChange={(e) => set('first_name')(e.currentTarget.value)} />
          <TextInput label={t('lastName')} withAsterisk value={values.last_name} error={errors.last_name} onChange={(e) => set('last_name')(e.currentTarget.value)} />
        </SimpleGrid>
        <TextInput label={t('email')} type="email" withAsterisk value={values.email} error={errors.email} onChange={(e) => set('email')(e.currentTarget.value)} />
        <Select
          label={t('school')}
          withAsterisk
          placeholder={t('schoolPlaceholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={values.school_id}
          onChange={set('school_id')}
          nothingFoundMessage={debounced.length >= 2 ? t('noSchoolFound') : t('typeAtLeast')}
          filter={({ options: all }) => all}
          error={errors.school_id}
        />
        <Textarea label={t('message')} autosize minRows={2} value={values.message} error={errors.message} onChange={(e) => set('message')(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={request.isPending}>
            {t('sendRequest')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
