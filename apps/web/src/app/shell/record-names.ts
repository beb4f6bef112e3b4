import { useQuery } from '@tanstack/react-query';
import { enrollmentQuery } from '../../features/enrollments/api.ts';
import { userQuery } from '../../features/instructors/api.ts';
import { studentQuery } from '../../features/students/api.ts';
import { schoolQuery } from '../../lib/lookups/schools.ts';
import { seriesQuery } from '../../lib/lookups/series.ts';
import { type PageMatch, recordIdsOf } from '../../lib/site-map/page-match.ts';
import type { RecordNames } from '../../lib/site-map/trail.ts';

const personName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;

/**
 * The names of the open page's records that have loaded, for the breadcrumbs: read from the
 * pages' own queries, never fetched for the crumbs alone. An enrollment names its student too.
 */
export function useRecordNames(match: PageMatch | null): RecordNames {
  const ids = recordIdsOf(match);
  const student = useQuery({ ...studentQuery(ids.student ?? 0), enabled: false }).data;
  const enrollment = useQuery({ ...enrollmentQuery(ids.enrollment ?? 0), enabled: false }).data;
  const school = useQuery({ ...schoolQuery(ids.school ?? 0), enabled: false }).data;
  const user = useQuery({ ...userQuery(ids.user ?? 0), enabled: false }).data;
  const series = useQuery({ ...seriesQuery(ids.course ?? ids.seminar ?? 0), enabled: false }).data;
  return (kind, id) => {
    if (kind === 'student' && id === ids.student) {
      if (student) return personName(student);
      if (enrollment?.student.id === id) return personName(enrollment.student);
    }
    if (kind === 'enrollment' && enrollment?.id === id) return enrollment.series_name;
    if (kind === 'school' && school?.id === id) return `(#${school.school_code}) ${school.church_name}`;
    if (kind === 'user' && user?.id === id) return personName(user);
    if ((kind === 'course' || kind === 'seminar') && series?.id === id) return series.name;
    return undefined;
  };
}
