import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  mailingOptions,
  studentFieldLabels,
  type StudentFields,
  StudentFields as studentFieldsSchema,
} from '@srs/shared/students';
import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { mailingOptionLabels } from '../format.ts';
import { CountryField, StateField } from './address-fields.tsx';
import { LikelyDuplicateAlert } from './likely-duplicate-alert.tsx';
import { studentFormText } from './messages.ts';
import {
  fieldMessage,
  type StudentFieldName,
  type StudentFormValues,
  studentFieldErrors,
} from './student-form-values.ts';

const resolver = zodResolver(studentFieldsSchema) as unknown as Resolver<StudentFormValues, unknown, StudentFields>;

type Props = {
  defaultValues: StudentFormValues;
  submitLabel: string;
  /** Saves, or moves on; a rejection keeps the form as typed and shows the error. */
  onSubmit: (fields: StudentFields, values: StudentFormValues) => Promise<unknown> | void;
  /** Back (the wizard) or Cancel (the profile edit), with what is typed so far. */
  onBack?: (values: StudentFormValues) => void;
  backLabel?: string;
  /** The save is not possible yet (a school without a head school admin). */
  submitDisabled?: boolean;
  /** New students: warn when a visible student has the same email, phone, or name and zip (the import's keys). */
  checkDuplicates?: boolean;
  /** Fields of the caller that are not student fields (notify the instructor, the course). */
  children?: ReactNode;
  /** Each change of what is typed: the new-student forms keep it in their draft (lib/drafts.ts). */
  onValuesChange?: (values: StudentFormValues) => void;
};

/**
 * The student form of the wizard's address step, /students/new and the profile edit: the
 * SPEC section 5 new-student rules, checked with the schema the server uses.
 */
export function StudentForm(props: Props) {
  const form = useForm<StudentFormValues, unknown, StudentFields>({ defaultValues: props.defaultValues, resolver });
  const t = studentFormText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [firstName, lastName, zipCode, email, phone, mailing] = useWatch({
    control: form.control,
    name: ['first_name', 'last_name', 'zip_code', 'email', 'phone', 'include_in_mailing_list'],
  });
  // The likely-duplicate check reads the keys of the same person (issue 27).
  const person = {
    first_name: firstName ?? '',
    last_name: lastName ?? '',
    zip_code: zipCode ?? '',
    email: email ?? '',
    phone: phone ?? '',
  };

  const errorOf = (field: StudentFieldName) => {
    const message = errors[field]?.message;
    return message ? fieldMessage(field, message) : undefined;
  };
  const text = (field: Exclude<StudentFieldName, 'include_in_mailing_list'>, required = false) => (
    <TextInput
      label={shared(studentFieldLabels[field])}
      withAsterisk={required}
      error={errorOf(field)}
      // The form opens on a person's own step (Edit, Next, Create New Student): the keyboard
      // lands in its first field instead of falling back to the top of the page.
      autoFocus={field === 'first_name'}
      {...form.register(field)}
    />
  );

  const changed = useEffectEvent(() => props.onValuesChange?.(form.getValues()));
  useEffect(() => {
    const subscription = form.watch(() => changed());
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit(async (fields) => {
    setFailure(null);
    try {
      await props.onSubmit(fields, form.getValues());
    } catch (error) {
      // The shared handler has shown the toast; the form keeps what was typed and says why here too.
      const body = error instanceof HttpError && error.status === 422 ? error.body : null;
      for (const [field, message] of Object.entries(studentFieldErrors(body))) {
        form.setError(field as StudentFieldName, { type: 'server', message });
      }
      setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('student')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {text('first_name', true)}
          {text('middle_name')}
          {text('last_name', true)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <CountryField control={form.control} setValue={form.setValue} error={errorOf('country')} />
          {text('address', true)}
          {text('address_2')}
          {text('city', true)}
          <StateField control={form.control} error={errorOf('state')} />
          {text('zip_code', true)}
        </SimpleGrid>
        {props.checkDuplicates && <LikelyDuplicateAlert person={person} />}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {text('email')}
          {text('phone')}
          {text('social_media')}
        </SimpleGrid>
        <Radio.Group
          label={shared(studentFieldLabels.include_in_mailing_list)}
          value={mailing}
          onChange={(value) =>
            form.setValue('include_in_mailing_list', value as StudentFormValues['include_in_mailing_list'], {
              shouldDirty: true,
            })
          }
        >
          <Group gap="lg" mt={6}>
            {mailingOptions.map((option) => (
              <Radio key={option} value={option} label={shared(mailingOptionLabels[option])} />
            ))}
          </Group>
        </Radio.Group>
        {props.children}
        {failure && (
          <Alert color="red" title={t('notSaved')} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between">
          {props.onBack ? (
            <Button variant="default" onClick={() => props.onBack?.(form.getValues())} disabled={isSubmitting}>
              {props.backLabel ?? c('back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={isSubmitting} disabled={props.submitDisabled}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
