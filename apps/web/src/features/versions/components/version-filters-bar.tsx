import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { isValidIsoDate } from '@srs/shared/dates';
import { versionEventLabels, versionEvents } from '@srs/shared/versions';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DateInput } from '../../../components/date-input.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import { versionsText } from '../messages.ts';
import { recordTypeOptions, type VersionFilterName, type VersionFilters } from '../version-filters.ts';

type Props = {
  filters: VersionFilters;
  onChange: (name: VersionFilterName, value: string | null) => void;
  /** One record's or one person's changes: said in words, with a way back to all. */
  narrowedTo: string | null;
  onClearNarrowing: () => void;
};

/** A date filter: the URL takes a date once it reads as one (or none); what is typed stays meanwhile. */
function DateFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (v: string | null) => void }) {
  const [typed, setTyped] = useState<string | null>(value ?? null);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped(value ?? null);
  }
  return (
    <DateInput
      label={label}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        if (next === null || isValidIsoDate(next)) onChange(next);
      }}
    />
  );
}

/** The filters of the list of changes: record type, action and a date range. */
export function VersionFiltersBar({ filters, onChange, narrowedTo, onClearNarrowing }: Props) {
  const t = versionsText.useT();
  const shared = useSharedText();
  const actionOptions = versionEvents.map((event) => ({ value: event, label: shared(versionEventLabels[event]) }));
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mb="sm">
        <Select
          label={t('recordType')}
          placeholder={t('allRecords')}
          data={recordTypeOptions()}
          value={filters.item_type ?? null}
          onChange={(value) => onChange('item_type', value)}
          clearable
        />
        <Select
          label={t('action')}
          placeholder={t('allActions')}
          data={actionOptions}
          value={filters.event ?? null}
          onChange={(value) => onChange('event', value)}
          clearable
        />
        <DateFilter label={t('from')} value={filters.from} onChange={(value) => onChange('from', value)} />
        <DateFilter label={t('to')} value={filters.to} onChange={(value) => onChange('to', value)} />
      </SimpleGrid>
      {narrowedTo && (
        <Group gap="xs" mb="sm">
          <Button variant="light" size="xs" rightSection={<IconX size={14} aria-hidden />} onClick={onClearNarrowing}>
            {narrowedTo}
          </Button>
        </Group>
      )}
    </>
  );
}
