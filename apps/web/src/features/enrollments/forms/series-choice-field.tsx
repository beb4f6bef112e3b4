import { Badge, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SeriesOption } from '@srs/shared/series';
import type { Student } from '@srs/shared/students';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useSharedText } from '../../../i18n/shared.ts';
import { enrollmentsText } from '../messages.ts';
import { choicesWithoutFilter, type EnrollOutput, type EnrollValues, seriesChoiceGroups } from './enroll-choices.ts';
import classes from './series-choice-field.module.css';

type Props = {
  control: Control<EnrollValues, unknown, EnrollOutput>;
  label: string;
  /** The filter box's accessible name: 'Filter course or seminar'. */
  filterLabel: string;
  series: readonly SeriesOption[] | undefined;
  student: Pick<Student, 'course_enrollments' | 'seminar_enrollments'>;
  emptyMessage: string;
};

/**
 * The courses and seminars to enroll in, each a card a thumb can tap: choosing one is one tap,
 * not a list to open first. A long list gets a filter box.
 */
export function SeriesChoiceField({ control, label, filterLabel, series, student, emptyMessage }: Props) {
  const t = enrollmentsText.useT();
  const shared = useSharedText();
  const [filter, setFilter] = useState('');
  if (!series) return <Loader size="sm" aria-label={shared(messages.loading)} />;
  if (series.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyMessage}
      </Text>
    );
  }
  const groups = seriesChoiceGroups(series, student, filter);
  return (
    <Controller
      control={control}
      name="series_id"
      render={({ field, fieldState }) => (
        <Radio.Group
          ref={field.ref}
          name={field.name}
          label={label}
          withAsterisk
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
          // The cards cannot take the focus the form gives an invalid field: the error speaks up.
          errorProps={{ role: 'alert' }}
        >
          {series.length > choicesWithoutFilter && (
            <TextInput
              mt="xs"
              aria-label={filterLabel}
              placeholder={t('filterByName')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filter}
              onChange={(event) => setFilter(event.currentTarget.value)}
            />
          )}
          <Stack gap="sm" mt="xs">
            {groups.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('noSeriesFound')}
              </Text>
            )}
            {groups.map((group) => (
              <Stack key={group.heading} gap={6} role="group" aria-label={group.heading}>
                {groups.length > 1 && (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    {group.heading}
                  </Text>
                )}
                {group.choices.map((choice) => (
                  <Radio.Card key={choice.value} value={choice.value} className={classes.card} aria-label={choice.name}>
                    <Group wrap="nowrap" gap="sm" align="center">
                      <Radio.Indicator />
                      <Text size="sm" fw={500} style={{ flex: 1 }}>
                        {choice.name}
                      </Text>
                      {choice.enrolled && (
                        <Badge variant="light" color="gray">
                          {t('alreadyEnrolled')}
                        </Badge>
                      )}
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            ))}
          </Stack>
        </Radio.Group>
      )}
    />
  );
}
