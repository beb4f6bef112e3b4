import { Group, Radio, Stack, Text } from '@mantine/core';
import type { MergeFieldName } from '@srs/shared/student-merge';
import type { MergeField, Whose } from '../merge-fields.ts';
import { studentMergeText } from '../messages.ts';

type Props = {
  fields: MergeField[];
  choices: Partial<Record<MergeFieldName, Whose>>;
  onChoose: (field: MergeFieldName, whose: Whose) => void;
};

/** One choice per differing field: the kept record's value or the other's (the same on a desk and a phone). */
export function MergeChoices({ fields, choices, onChoose }: Props) {
  const t = studentMergeText.useT();
  if (fields.length === 0) return <Text size="sm">{t('sameValues')}</Text>;
  const shown = (value: string) => (value === '' ? t('empty') : value);
  return (
    <Stack gap="md">
      {fields.map((field) => (
        <Radio.Group
          key={field.field}
          label={field.label}
          value={choices[field.field] ?? field.preselected}
          onChange={(value) => onChoose(field.field, value as Whose)}
        >
          <Group mt={4} gap="xl" align="flex-start">
            <Radio value="kept" label={shown(field.kept)} description={t('keptRecord')} />
            <Radio value="merged" label={shown(field.merged)} description={t('otherRecord')} />
          </Group>
        </Radio.Group>
      ))}
    </Stack>
  );
}
