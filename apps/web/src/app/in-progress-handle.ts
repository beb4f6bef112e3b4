import type { Params } from 'react-router';

export type BackLink = { label: string; to: string };

/** What the page of a route that a later release builds says, and where it links back to. */
export type InProgressHandle = {
  title: string;
  about: string;
  back: BackLink | ((params: Params) => BackLink);
};

export function isInProgressHandle(handle: unknown): handle is InProgressHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'about' in handle;
}
