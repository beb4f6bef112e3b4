import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { schoolSelectRequired } from '@srs/shared/series';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { seminarsText } from '../messages.ts';
import { SchoolSelect } from '../../../components/school-select.tsx';

export type SeminarFormValues = { name: string; location: string; description: string; schoolId: string | null };

type Props = {
  initial: SeminarFormValues;
  /** Shown instead of the school select when the hosting school is already known. */
  hostLabel?: string;
  submitLabel: string;
  saving: boolean;
  onSubmit: (values: SeminarFormValues) => void;
  onCancel?: () => void;
};

/**
 * A seminar's name, hosting school, location and description. What was typed stays in the form
 * when the save fails (the shared handler says why).
 */
export function SeminarForm({ initial, hostLabel, submitLabel, saving, onSubmit, onCancel }: Props) {
  const t = seminarsText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{ name?: string; school?: string }>({});
  const set = (change: Partial<SeminarFormValues>) => setValues((current) => ({ ...current, ...change }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const next = {
          name: values.name.trim() ? undefined : messages.fieldRequired,
          // SPEC section 5: 'School select for a new seminar is required'.
          school: hostLabel || values.schoolId ? undefined : schoolSelectRequired,
        };
        setErrors(next);
        if (!next.name && !next.school) onSubmit(values);
      }}
    >
      <Stack gap="sm" maw={560}>
        <TextInput
          label={c('name')}
          withAsterisk
          value={values.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errors.name && shared(errors.name)}
          maxLength={200}
          data-autofocus
        />
        {hostLabel ? (
          <div>
            <Text size="sm" fw={500}>
              {t('hostingSchool')}
            </Text>
            <Text size="sm">{hostLabel}</Text>
          </div>
        ) : (
          <SchoolSelect
            description={t('hostDescription')}
            value={values.schoolId}
            onChange={(schoolId) => {
              set({ schoolId });
              setErrors((current) => ({ ...current, school: undefined }));
            }}
            error={errors.school && shared(errors.school)}
          />
        )}
        <TextInput
          label={t('location')}
          description={t('locationDescription')}
          value={values.location}
          onChange={(event) => set({ location: event.currentTarget.value })}
          maxLength={255}
        />
        <Textarea
          label={t('description')}
          autosize
          minRows={2}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          maxLength={5000}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {c('cancel')}
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
