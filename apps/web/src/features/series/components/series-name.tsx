import { Anchor, Text } from '@mantine/core';
import type { SeriesItem } from '@srs/shared/series';
import { Link } from 'react-router';
import { recordPath } from '../../../lib/site-map/paths.ts';

/** Course and seminar detail pages: a course opens on overview, a seminar on details. */
export function seriesPath(series: Pick<SeriesItem, 'id' | 'type'>): string {
  return recordPath(series.type === 'Course' ? 'course' : 'seminar', series.id);
}

/** A series name, linked to its detail only when the viewer may open it. */
export function SeriesName({ series, linked }: { series: SeriesItem; linked: boolean }) {
  if (!linked) return <Text size="sm">{series.name}</Text>;
  return (
    <Anchor component={Link} to={seriesPath(series)} fw={500} size="sm">
      {series.name}
    </Anchor>
  );
}
