import { Button, Checkbox, Group, Select, type SelectProps, Stack, Text, Textarea } from '@mantine/core';
import { deliveryTypes, type EnrollmentSummary, noteTypes } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { DecisionOption } from '@srs/shared/series';
import type { ComponentProps, ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from '../../../components/date-input.tsx';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { deliveryTypeLabel, noteTypeLabel } from '../components/enrollment-format.ts';
import { enrollmentsText } from '../messages.ts';
import { enrollmentLabel } from './record-form-queries.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';

/** The fields the record forms share, bound to react-hook-form. */
type Bound<T extends FieldValues, TOut> = { control: Control<T, unknown, TOut>; name: Path<T> };

type SelectFieldProps<T extends FieldValues, TOut> = Bound<T, TOut> &
  Pick<SelectProps, 'label' | 'data' | 'placeholder' | 'disabled' | 'searchable' | 'nothingFoundMessage'> & {
    required?: boolean;
    /** Called after a choice, to clear the fields that depend on it. */
    onValueChange?: (value: string | null) => void;
  };

export function SelectField<T extends FieldValues, TOut>({
  control,
  name,
  required,
  onValueChange,
  ...props
}: SelectFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value ?? null}
          onChange={(value) => {
            field.onChange(value);
            onValueChange?.(value);
          }}
          onBlur={field.onBlur}
          withAsterisk={required}
          error={fieldState.error?.message}
          limit={200}
          // A failed Save focuses the first invalid field: its list must not open over the messages.
          openOnFocus={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

/**
 * The series picker: the student's enrollments without the orphaned ones, in the order given
 * (priority courses first). Mantine filters the typed text as a case-insensitive substring.
 */
export function EnrollmentField<T extends FieldValues, TOut>({
  enrollments,
  withType,
  ...props
}: Bound<T, TOut> & {
  label: string;
  enrollments: readonly EnrollmentSummary[];
  withType: boolean;
  onValueChange?: (value: string | null) => void;
}) {
  const t = enrollmentsText.useT();
  const c = commonText.useT();
  return (
    <SelectField
      {...props}
      required
      searchable
      placeholder={c('select')}
      data={enrollments.map((enrollment) => ({
        value: String(enrollment.id),
        label: enrollmentLabel(enrollment, withType),
      }))}
      nothingFoundMessage={t('noEnrollments')}
    />
  );
}

/** The series picker of the forms that record on any enrollment: courses and seminars, with their type. */
export function SeriesField<T extends FieldValues & { enrollment_id: string | null }, TOut>({
  control,
  enrollments,
  onValueChange,
}: {
  control: Control<T, unknown, TOut>;
  enrollments: readonly EnrollmentSummary[];
  onValueChange?: (value: string | null) => void;
}) {
  const t = enrollmentsText.useT();
  return (
    <EnrollmentField
      control={control}
      name={'enrollment_id' as Path<T>}
      label={t('series')}
      enrollments={enrollments}
      withType
      onValueChange={onValueChange}
    />
  );
}

export function DateField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  required,
}: Bound<T, TOut> & { label: string; required?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          ref={field.ref}
          name={field.name}
          label={label}
          value={field.value ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          required={required}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function DeliveryTypeField<T extends FieldValues, TOut>(props: Bound<T, TOut>) {
  const t = enrollmentsText.useT();
  const c = commonText.useT();
  const data = deliveryTypes.map((type) => ({ value: type, label: deliveryTypeLabel(type) }));
  return <SelectField {...props} label={t('deliveryType')} data={data} placeholder={c('select')} />;
}

/** Note type and text; on visits and reminders both are optional until text is typed. */
export function NoteFields<T extends FieldValues, TOut>({
  control,
  typeName,
  textName,
  required,
}: {
  control: Control<T, unknown, TOut>;
  typeName: Path<T>;
  textName: Path<T>;
  required?: boolean;
}) {
  const t = enrollmentsText.useT();
  const c = commonText.useT();
  return (
    <Stack gap="sm">
      <SelectField
        control={control}
        name={typeName}
        label={t('noteType')}
        data={noteTypes.map((type) => ({ value: type, label: noteTypeLabel(type) }))}
        placeholder={c('select')}
        required={required}
      />
      <Controller
        control={control}
        name={textName}
        render={({ field, fieldState }) => (
          <Textarea
            {...field}
            label={t('note')}
            withAsterisk={required}
            error={fieldState.error?.message}
            rows={3}
            resize="vertical"
          />
        )}
      />
    </Stack>
  );
}

/** The series' decision options as checkboxes. */
export function DecisionOptionsField<T extends FieldValues, TOut>({
  control,
  name,
  options,
  loading,
}: Bound<T, TOut> & { options: readonly DecisionOption[] | undefined; loading: boolean }) {
  const t = enrollmentsText.useT();
  const shared = useSharedText();
  if (loading) return <Text size="sm" c="dimmed">{shared(messages.loading)}</Text>;
  if (!options) return null;
  if (options.length === 0) return <Text size="sm" c="dimmed">{t('noDecisionOptions')}</Text>;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox.Group label={t('decisions')} value={field.value} onChange={field.onChange}>
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Checkbox key={option.id} value={String(option.id)} label={option.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    />
  );
}

/** A record form: its fields one under another, then Save. The schema's messages show, not the browser's. */
export function RecordFormFrame({
  onSubmit,
  saving,
  disabled,
  children,
}: {
  onSubmit: ComponentProps<'form'>['onSubmit'];
  saving: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  const c = commonText.useT();
  const { submit, busy } = useSubmitOnce(onSubmit);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={saving || busy} disabled={disabled}>
            {c('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
