import { Select, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { schoolOptionsQuery, schoolSelectData } from '../../../lib/lookups/schools.ts';
import { interestsText } from '../messages.ts';
import {
  monthChoices,
  trackingPeriodError,
  trackingPeriodIsValid,
  type TrackingView,
} from '../tracking-params.ts';

type Props = { view: TrackingView; today: string; onChange: (next: TrackingView) => void };

/** The funnel's months (from and to, both included) and, if one is wanted, its school. */
export function TrackingFilters({ view, today, onChange }: Props) {
  const schools = useQuery(schoolOptionsQuery);
  const t = interestsText.useT();
  const months = monthChoices(today);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs" mb="md" maw={900}>
      <Select
        label={t('fromMonth')}
        value={view.from}
        allowDeselect={false}
        searchable
        data={months}
        onChange={(from) => from && onChange({ ...view, from })}
      />
      <Select
        label={t('toMonth')}
        value={view.to}
        allowDeselect={false}
        searchable
        data={months}
        error={trackingPeriodIsValid(view) ? undefined : trackingPeriodError()}
        onChange={(to) => to && onChange({ ...view, to })}
      />
      <Select
        label={t('school')}
        placeholder={t('allSchools')}
        clearable
        searchable
        limit={200}
        value={view.schoolId ?? null}
        data={schoolSelectData(schools.data?.schools)}
        nothingFoundMessage={t('noSchoolsFound')}
        onChange={(schoolId) => onChange({ ...view, schoolId: schoolId ?? undefined })}
      />
    </SimpleGrid>
  );
}
