import { Anchor } from '@mantine/core';
import type { SeriesType } from '@srs/shared/enrollments';
import { Link } from 'react-router';
import { enrollmentPath } from '../../../lib/site-map/paths.ts';

type Props = {
  studentId: number;
  enrollmentId: number | null;
  seriesType: SeriesType | null;
  name: string | null;
  size?: 'xs' | 'sm';
};

/** A record's series, linked to its enrollment (lessons tab of a course, presentations tab of a seminar). */
export function SeriesLink({ studentId, enrollmentId, seriesType, name, size = 'sm' }: Props) {
  if (!name) return '-';
  if (enrollmentId === null || seriesType === null) return name;
  return (
    <Anchor size={size} component={Link} to={enrollmentPath(studentId, enrollmentId, seriesType)}>
      {name}
    </Anchor>
  );
}
