import { Badge, Button, Group, SegmentedControl } from '@mantine/core';
import { studentSections } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { seriesOptionsQuery } from '../../../lib/lookups/series.ts';
import { studentsText } from '../messages.ts';
import { useStudentSectionLabel } from '../sections.ts';

type Names = { series: (id: string) => string | undefined };
type T = ReturnType<typeof studentsText.useT>;

/** The badge of each filter a link can put on the list, in words a person reads. */
const filterLabels: Record<string, (value: string, names: Names, t: T) => string> = {
  enrollments_needing_followup_eq: (value, _names, t) => (value === 'true' ? t('needingFollowup') : t('notNeedingFollowup')),
  enrollments_series_type_eq: (value, _names, t) =>
    value === 'Course' ? t('inACourse') : value === 'Seminar' ? t('inASeminar') : t('inAType', { type: value }),
  enrollments_series_id_eq: (value, names, t) => t('inSeries', { name: names.series(value) ?? t('seriesNumber', { id: value }) }),
  school_id_eq: (value, _names, t) => t('schoolNumber', { id: value }),
  instructor_id_eq: (value, _names, t) => t('instructorNumber', { id: value }),
  enrollments_registration_number_eq: (value, _names, t) => t('registrationNumberIs', { number: value }),
};

type Props = {
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
  showSection: boolean;
};

/** The section of the list and the filters a link put on it, each removable. */
export function StudentFilters({ params, onChange, showSection }: Props) {
  const t = studentsText.useT();
  const sectionLabel = useStudentSectionLabel();
  const active = Object.keys(filterLabels).filter((name) => params.get(name));
  const seriesId = params.get('enrollments_series_id_eq');
  // The series a user may see, the same list the pickers read (and usually cached already).
  const series = useQuery({ ...seriesOptionsQuery(), enabled: seriesId !== null }).data?.series;
  const names: Names = { series: (id) => series?.find((item) => String(item.id) === id)?.name };
  const update = (apply: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    apply(next);
    next.set('page', '1');
    onChange(next);
  };
  return (
    <Group gap="xs" mb="sm">
      {showSection && (
        <SegmentedControl
          aria-label={t('section')}
          size="xs"
          value={params.get('section') ?? 'all'}
          onChange={(value) => update((next) => next.set('section', value))}
          data={studentSections.map((value) => ({ value, label: sectionLabel(value) }))}
        />
      )}
      {active.map((name) => (
        <Badge key={name} variant="light" size="lg" tt="none">
          {filterLabels[name]?.(params.get(name) ?? '', names, t)}
        </Badge>
      ))}
      {active.length > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() =>
            update((next) => {
              for (const name of active) next.delete(name);
            })
          }
        >
          {t('clearFilters')}
        </Button>
      )}
    </Group>
  );
}
