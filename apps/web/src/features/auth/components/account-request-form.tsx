import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SignupInput } from '@srs/shared/signup';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { signupSchoolsQuery, useRequestAccount } from '../signup-api.ts';

type Values = { first_name: string; last_name: string; email: string; school_id: string | null; message: string };
type Errors = Partial<Record<keyof Values, string>>;

const empty: Values = { first_name: '', last_name: '', email: '', school_id: null, message: '' };
const labels: Record<keyof Values, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  school_id: 'School',
  message: 'Message',
};

/** The request's fields checked with the server's own schema: 'Email is not a valid email address'. */
export function requestErrors(values: Values): Errors {
  const parsed = SignupInput.safeParse({ ...values, school_id: values.school_id ? Number(values.school_id) : undefined });
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Values;
    const message = field === 'school_id' ? 'Choose your school' : issue.message;
    errors[field] ??= /^[a-z]/.test(message) ? `${labels[field]} ${message}` : message;
  }
  return errors;
}

/** 'Need an account?': ask the school's coordinators for one (POST /signup). */
export function AccountRequestForm({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const schools = useQuery(signupSchoolsQuery(debounced)).data?.schools ?? [];
  const request = useRequestAccount();
  const set = (field: keyof Values) => (value: string | null) => setValues((current) => ({ ...current, [field]: value }));

  if (request.data) {
    return (
      <Alert color="green" role="status" title="Request sent">
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
    <form onSubmit={submit} noValidate aria-label="Ask for an account">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" withAsterisk autoFocus value={values.first_name} error={errors.first_name} onChange={(e) => set('first_name')(e.currentTarget.value)} />
          <TextInput label="Last name" withAsterisk value={values.last_name} error={errors.last_name} onChange={(e) => set('last_name')(e.currentTarget.value)} />
        </SimpleGrid>
        <TextInput label="Email" type="email" withAsterisk value={values.email} error={errors.email} onChange={(e) => set('email')(e.currentTarget.value)} />
        <Select
          label="School"
          withAsterisk
          placeholder="Type the church name or a zip code"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={values.school_id}
          onChange={set('school_id')}
          nothingFoundMessage={debounced.length >= 2 ? 'No school found' : 'Type at least 2 characters'}
          filter={({ options: all }) => all}
          error={errors.school_id}
        />
        <Textarea label="Message" autosize minRows={2} value={values.message} error={errors.message} onChange={(e) => set('message')(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
