import type { UserDetail } from '@srs/shared/users';
import { useOutletContext } from 'react-router';

/** The instructor the detail route loaded, handed to its tabs. */
export function useOutletUser(): UserDetail {
  return useOutletContext<UserDetail>();
}
