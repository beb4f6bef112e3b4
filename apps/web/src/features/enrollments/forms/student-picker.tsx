import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messages } from '@srs/shared/messages';
import type { Student } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { searchDebounceMs } from '../../../components/quick-find.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import { useMinSearchLength } from '../../../lib/app-config.ts';
import { enrollmentsText } from '../messages.ts';
import { studentOptionLabel, studentSearchQuery } from './record-form-queries.ts';

type Props = {
  value: number | null;
  /** The chosen student, once loaded: its name shows in the box. */
  selected: Student | undefined;
  onChange: (id: number | null) => void;
};

/**
 * The searchable student picker of the record forms: it asks the server (GET /students?query=)
 * after a 500 ms pause once at least the minimum length is typed (SPEC sections 5 and 9).
 */
export function StudentPicker({ value, selected, onChange }: Props) {
  const t = enrollmentsText.useT();
  const shared = useSharedText();
  const minLength = useMinSearchLength();
  const [search, setSearch] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), searchDebounceMs);
  const selectedLabel = selected ? studentOptionLabel(selected) : null;
  // Choosing a student writes its label into the box: that is not a new search.
  const searching = debounced.length >= minLength && debounced !== selectedLabel && debounced !== chosenLabel;
  const results = useQuery({ ...studentSearchQuery(debounced), enabled: searching });

  const found = searching ? (results.data?.students ?? []) : [];
  const options = found.map((student) => ({ value: String(student.id), label: studentOptionLabel(student) }));
  if (selected && selectedLabel && !found.some((student) => student.id === selected.id)) {
    options.unshift({ value: String(selected.id), label: selectedLabel });
  }

  return (
    <Select
      label={t('student')}
      withAsterisk
      searchable
      placeholder={t('typeAtLeast', { count: minLength })}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next, option) => {
        setChosenLabel(option?.label ?? null);
        onChange(next ? Number(next) : null);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server matched the words already; the box shows its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={searching && !results.isFetching ? shared(messages.noStudents) : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
