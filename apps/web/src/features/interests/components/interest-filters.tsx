import { Group, Select } from '@mantine/core';
import { interestSourceLabels, interestSources, interestStatuses, interestStatusLabels } from '@srs/shared/interests';
import { useSharedText } from '../../../i18n/shared.ts';
import { interestsText } from '../messages.ts';

type Props = { params: URLSearchParams; onChange: (next: URLSearchParams) => void };

/** Status and source, kept in the address like the rest of the list's state; a change starts at page 1. */
export function InterestFilters({ params, onChange }: Props) {
  const t = interestsText.useT();
  const shared = useSharedText();
  const statusOptions = interestStatuses.map((status) => ({ value: status, label: shared(interestStatusLabels[status]) }));
  const sourceOptions = interestSources.map((source) => ({ value: source, label: shared(interestSourceLabels[source]) }));
  const filters = [
    { name: 'status', label: t('status'), placeholder: t('anyStatus'), options: statusOptions },
    { name: 'source', label: t('source'), placeholder: t('anySource'), options: sourceOptions },
  ] as const;
  const set = (name: 'status' | 'source', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    next.delete('after');
    next.delete('before');
    onChange(next);
  };
  return (
    <Group gap="sm" mb="sm" grow preventGrowOverflow={false}>
      {filters.map((filter) => (
        <Select
          key={filter.name}
          label={filter.label}
          placeholder={filter.placeholder}
          data={filter.options}
          value={params.get(filter.name)}
          onChange={(value) => set(filter.name, value)}
          clearable
          maw={220}
        />
      ))}
    </Group>
  );
}
