import { Select, SimpleGrid } from '@mantine/core';
import { deliveryTypeLabels, deliveryTypes } from '@srs/shared/enrollments';
import { type ReportFilter, reportDefinitions } from '@srs/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { DateInput } from '../../../components/date-input.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import {
  conferencesQuery,
  schoolInstructorsQuery,
  schoolOptionsQuery,
  schoolSelectData,
} from '../../../lib/lookups/schools.ts';
import { episodesQuery, seriesOptionsQuery, seriesSelectData } from '../../../lib/lookups/series.ts';
import { useCan } from '../../../lib/permissions.ts';
import {
  type PeriodChoice,
  periodChoices,
  periodIsValid,
  periodOrderError,
  type PeriodView,
  withFilter,
} from '../period-params.ts';
import { reportsText } from '../messages.ts';

type Props = { view: PeriodView; onChange: (next: PeriodView) => void };

const conferenceReaders = ['global_admin', 'conference_admin'] as const;
const staffReaders = ['global_admin', 'conference_admin', 'school_admin'] as const;

/**
 * A report's grouping, period and filters (DOMAIN.md "Reports"), only those that apply to it and
 * that the user has a choice in: one school needs no school picker, an instructor no instructor
 * picker. A lesson is picked within its course, an instructor within their school.
 */
export function ReportFilters({ view, onChange }: Props) {
  const t = reportsText.useT();
  const shared = useSharedText();
  const definition = reportDefinitions[view.kind];
  const applies = (filter: ReportFilter) => (definition.filters as readonly ReportFilter[]).includes(filter);
  const seriesType = definition.series === 'any' ? undefined : definition.series;
  const seriesId = Number(view.filters.series_id ?? 0);
  const seesConferences = useCan(conferenceReaders);
  const seesStaff = useCan(staffReaders);
  const conferences = useQuery({ ...conferencesQuery, enabled: seesConferences && applies('conference_id') });
  const schools = useQuery(schoolOptionsQuery);
  // The instructors are those of the chosen school, or of the user's only one.
  const onlySchool = schools.data?.schools.length === 1 ? schools.data.schools[0]!.id : 0;
  const schoolId = Number(view.filters.school_id ?? onlySchool);
  const series = useQuery(seriesOptionsQuery(seriesType ? { type: seriesType } : {}));
  const episodes = useQuery({ ...episodesQuery(seriesId), enabled: seriesId > 0 && applies('episode_id') });
  const staff = useQuery({ ...schoolInstructorsQuery(schoolId), enabled: schoolId > 0 && seesStaff });
  const set = (filter: ReportFilter) => (value: string | null) => onChange(withFilter(view, filter, value));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs" mb="md">
      <Select
        label={t('groupBy')}
        value={view.group}
        allowDeselect={false}
        data={Object.entries(definition.groups).map(([value, label]) => ({ value, label: shared(label) }))}
        onChange={(group) => group && onChange({ ...view, group })}
      />
      <Select
        label={t('period')}
        value={view.period}
        allowDeselect={false}
        data={Object.entries(periodChoices).map(([value, key]) => ({ value, label: t(key) }))}
        onChange={(period) => period && onChange({ ...view, period: period as PeriodChoice })}
      />
      {view.period === 'custom' && (
        <>
          <DateInput label={t('from')} value={view.from ?? null} onChange={(from) => onChange({ ...view, from: from ?? undefined })} />
          <DateInput
            label={t('to')}
            value={view.to ?? null}
            error={periodIsValid(view) ? undefined : periodOrderError()}
            onChange={(to) => onChange({ ...view, to: to ?? undefined })}
          />
        </>
      )}
      {applies('conference_id') && seesConferences && (
        <Select
          label={t('conference')}
          placeholder={t('allConferences')}
          clearable
          searchable
          value={view.filters.conference_id ?? null}
          data={(conferences.data?.conferences ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={set('conference_id')}
        />
      )}
      {applies('school_id') && (schools.data?.schools.length ?? 0) > 1 && (
        <Select
          label={t('school')}
          placeholder={t('allSchools')}
          clearable
          searchable
          limit={200}
          value={view.filters.school_id ?? null}
          data={schoolSelectData(schools.data?.schools)}
          nothingFoundMessage={t('noSchools')}
          onChange={set('school_id')}
        />
      )}
      {applies('instructor_id') && seesStaff && schoolId > 0 && (
        <Select
          label={t('instructor')}
          placeholder={t('allInstructors')}
          clearable
          searchable
          value={view.filters.instructor_id ?? null}
          data={(staff.data?.instructors ?? []).map((u) => ({ value: String(u.id), label: `${u.first_name} ${u.last_name}` }))}
          onChange={set('instructor_id')}
        />
      )}
      {applies('series_id') && (
        <Select
          label={t('seriesLabel', { series: definition.series })}
          placeholder={t('allSeries', { series: definition.series })}
          clearable
          searchable
          value={view.filters.series_id ?? null}
          data={seriesSelectData(series.data?.series)}
          onChange={set('series_id')}
        />
      )}
      {applies('episode_id') && seriesId > 0 && (
        <Select
          label={t('episodeLabel', { series: definition.series })}
          placeholder={t('everyEpisode', { series: definition.series })}
          clearable
          value={view.filters.episode_id ?? null}
          data={(episodes.data?.episodes ?? []).map((e) => ({ value: String(e.id), label: `${e.position}. ${e.name}` }))}
          onChange={set('episode_id')}
        />
      )}
      {applies('delivery_type') && (
        <Select
          label={t('deliveryType')}
          placeholder={t('everyDeliveryType')}
          clearable
          value={view.filters.delivery_type ?? null}
          data={deliveryTypes.map((type) => ({ value: type, label: shared(deliveryTypeLabels[type]) }))}
          onChange={set('delivery_type')}
        />
      )}
    </SimpleGrid>
  );
}
