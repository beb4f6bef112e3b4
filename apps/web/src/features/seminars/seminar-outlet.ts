import type { SeriesDetail } from '@srs/shared/series';
import { useOutletContext } from 'react-router';

/** The seminar the detail route loaded, handed to its tabs. */
export function useOutletSeminar(): SeriesDetail {
  return useOutletContext<SeriesDetail>();
}
