import type { RoleType } from '@srs/shared/roles';
import type { Params } from 'react-router';

export type BackLink = { label: string; to: string };

/** What the page of a route that a later release builds says, and where it links back to. */
export type InProgressHandle = {
  title: string;
  about: string;
  back: BackLink | ((params: Params) => BackLink);
  /** Who may open the page (SPEC section 6); anyone else reads that they are not authorized. */
  roles: readonly RoleType[];
};

export function isInProgressHandle(handle: unknown): handle is InProgressHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'about' in handle;
}
