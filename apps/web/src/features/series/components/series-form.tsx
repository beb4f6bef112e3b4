import { Button, Checkbox, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SeriesDetail } from '@srs/shared/series';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { coursesText } from '../messages.ts';

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
  const t = coursesText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const mobile = useIsMobile();
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const nameError = tried && values.name.trim() === '' ? shared(messages.fieldRequired) : undefined;
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
          label={c('name')}
          required
          value={values.name}
          error={nameError}
          onChange={(event) => set({ name: event.currentTarget.value })}
          data-autofocus
        />
        <Textarea
          label={t('description')}
          autosize
          minRows={3}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
        <Checkbox
          label={t('priorityCourse')}
          checked={values.priority}
          onChange={(event) => set({ priority: event.currentTarget.checked })}
        />
        <Switch
          label={values.active ? t('activeOn') : t('activeOff')}
          checked={values.active}
          onChange={(event) => set({ active: event.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving} size={mobile ? 'md' : 'sm'}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={saving} size={mobile ? 'md' : 'sm'}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
