import { Button, Group, Select, Stack } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { schoolOptionsQuery, schoolSelectData } from '../../lib/lookups/schools.ts';

type Props = { onBack: () => void; onSelect: (schoolId: string) => void };

/** The school-select step before a new seminar; the school is required (SPEC section 5). */
export function SchoolSelectStep({ onBack, onSelect }: Props) {
  const schools = useQuery(schoolOptionsQuery);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onSelect(value);
        else setError(messages.fieldRequired);
      }}
    >
      <Stack>
        <Select
          label="School"
          placeholder={schools.isPending ? messages.loading : 'Select a school'}
          data={schoolSelectData(schools.data?.schools)}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          searchable
          limit={200}
          nothingFoundMessage="No schools found."
          error={error}
          withAsterisk
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit">Continue</Button>
        </Group>
      </Stack>
    </form>
  );
}
