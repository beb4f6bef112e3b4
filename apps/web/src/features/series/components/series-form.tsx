import { Button, Checkbox, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SeriesDetail } from '@srs/shared/series';
import { useState } from 'react';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';

export type SeriesFormValues = { name: string; description: string; priority: boolean; active: boolean };

export const seriesFormValues = (series?: SeriesDetail): SeriesFormValues => ({
  name: series?.name ?? '',
  description: series?.description ?? '',
  priority: series?.priority ?? false,
  active: series?.active ?? true,
});

/** The body of POST or PUT /series from the form: a blank description is none. */
export const seriesBody = (values: SeriesFormValues) => ({
  name: values.name.trim(),
  description: values.description.trim() === '' ? null : values.description.trim(),
  priority: values.priority,
  active: values.active,
});

type Props = {
  initial: SeriesFormValues;
  submitLabel: string;
  saving: boolean;
  /** Resolves when saved; a failed save keeps what was typed (the shared handler says why). */
  onSubmit: (values: SeriesFormValues) => Promise<unknown>;
  onCancel: () => void;
};

/** A course's own fields: name, description, priority (SPEC section 3) and whether it is offered at all. */
export function SeriesForm({ initial, submitLabel, saving, onSubmit, onCancel }: Props) {
  const mobile = useIsMobile();
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const nameError = tried && values.name.trim() === '' ? messages.fieldRequired : undefined;
  const set = (patch: Partial<SeriesFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const submit = () => {
    setTried(true);
    if (values.name.trim() === '') return;
    onSubmit(values).catch(() => undefined);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md" maw={640}>
        <TextInput
          label="Name"
          required
          value={values.name}
          error={nameError}
          onChange={(event) => set({ name: event.currentTarget.value })}
          data-autofocus
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
        <Checkbox
          label="Priority course (listed first in the course pickers)"
          checked={values.priority}
          onChange={(event) => set({ priority: event.currentTarget.checked })}
        />
        <Switch
          label={
            values.active
              ? 'Active: schools can enroll students in it'
              : 'Not active: no new enrollments; the students already in it keep their records'
          }
          checked={values.active}
          onChange={(event) => set({ active: event.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving} size={mobile ? 'md' : 'sm'}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} size={mobile ? 'md' : 'sm'}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
