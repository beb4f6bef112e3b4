import type { StudentDetail } from '@srs/shared/students';
import { useOutletContext } from 'react-router';

/** The student the detail route loaded, handed to its tabs. */
export function useOutletStudent(): StudentDetail {
  return useOutletContext<StudentDetail>();
}
