import { Group, Select } from '@mantine/core';
import { interestSourceLabels, interestSources, interestStatuses, interestStatusLabels } from '@srs/shared/interests';

type Props = { params: URLSearchParams; onChange: (next: URLSearchParams) => void };

const statusOptions = interestStatuses.map((status) => ({ value: status, label: interestStatusLabels[status] }));
const sourceOptions = interestSources.map((source) => ({ value: source, label: interestSourceLabels[source] }));

/** Status and source, kept in the address like the rest of the list's state; a change starts at page 1. */
export function InterestFilters({ params, onChange }: Props) {
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
      <Select
        label="Status"
        placeholder="Any status"
        data={statusOptions}
        value={params.get('status')}
        onChange={(value) => set('status', value)}
        clearable
        maw={220}
      />
      <Select
        label="Source"
        placeholder="Any source"
        data={sourceOptions}
        value={params.get('source')}
        onChange={(value) => set('source', value)}
        clearable
        maw={220}
      />
    </Group>
  );
}
