import { Badge, Button, Group, SegmentedControl } from '@mantine/core';
import { studentSections } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { seriesOptionsQuery } from '../../../lib/lookups/series.ts';
import { studentSectionLabels } from '../sections.ts';

type Names = { series: (id: string) => string | undefined };

/** The badge of each filter a link can put on the list, in words a person reads. */
const filterLabels: Record<string, (value: string, names: Names) => string> = {
  enrollments_needing_followup_eq: (value) => (value === 'true' ? 'Needing follow-up' : 'Not needing follow-up'),
  enrollments_series_type_eq: (value) =>
    value === 'Course' ? 'In a course' : value === 'Seminar' ? 'In a seminar' : `In a ${value}`,
  enrollments_series_id_eq: (value, names) => `In ${names.series(value) ?? `series #${value}`}`,
  school_id_eq: (value) => `School #${value}`,
  instructor_id_eq: (value) => `Instructor #${value}`,
  enrollments_registration_number_eq: (value) => `Registration number ${value}`,
};

type Props = {
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
  showSection: boolean;
};

/** The section of the list and the filters a link put on it, each removable. */
export function StudentFilters({ params, onChange, showSection }: Props) {
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
          aria-label="Section"
          size="xs"
          value={params.get('section') ?? 'all'}
          onChange={(value) => update((next) => next.set('section', value))}
          data={studentSections.map((value) => ({ value, label: studentSectionLabels[value] }))}
        />
      )}
      {active.map((name) => (
        <Badge key={name} variant="light" size="lg" tt="none">
          {filterLabels[name]?.(params.get(name) ?? '', names)}
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
          Clear filters
        </Button>
      )}
    </Group>
  );
}
