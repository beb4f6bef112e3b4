import type { SchoolDetail } from '@srs/shared/schools';
import { useOutletContext } from 'react-router';

/** The school the detail route loaded, handed to its tabs. */
export function useOutletSchool(): SchoolDetail {
  return useOutletContext<SchoolDetail>();
}

/** '(#101) First Church', as SPEC section 2 shows a school. */
export const schoolName = (school: { school_code: string; church_name: string }) =>
  `(#${school.school_code}) ${school.church_name}`;
