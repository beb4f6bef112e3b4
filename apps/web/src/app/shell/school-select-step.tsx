import { Button, Group, Stack } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SchoolSelect } from '../../components/school-select.tsx';
import { onlySchoolOf, schoolOptionsQuery } from '../../lib/lookups/schools.ts';
import { commonText } from '../../i18n/common.ts';
import { sharedText } from '../../i18n/shared.ts';

type Props = { onBack: () => void; onSelect: (schoolId: string) => void };

/** The school-select step before a new seminar; the school is required (SPEC section 5). */
export function SchoolSelectStep({ onBack, onSelect }: Props) {
  const c = commonText.useT();
  const [picked, setValue] = useState<string | null>(null);
  // Reached before the list had loaded, by a user with one school: that school is the one.
  const schools = useQuery(schoolOptionsQuery);
  const only = onlySchoolOf(schools.data?.schools);
  const value = picked ?? (only ? String(only.id) : null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onSelect(value);
        else setError(sharedText(messages.fieldRequired));
      }}
    >
      <Stack>
        <SchoolSelect
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {c('back')}
          </Button>
          <Button type="submit">{c('continue')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
