import { IdParams } from '../common.ts';
import {
  ImportUndoResponse,
  VersionActionResponse,
  VersionDetail,
  VersionListQuery,
  VersionListResponse,
  VersionRevertInput,
  VersionUndoInput,
} from '../versions.ts';
import { endpoint } from './define.ts';

const byId = { params: IdParams } as const;

export const versionEndpoints = {
  list: endpoint({ method: 'GET', path: '/versions', query: VersionListQuery, response: VersionListResponse }),
  detail: endpoint({ method: 'GET', path: '/versions/:id', ...byId, response: VersionDetail }),
  restore: endpoint({ method: 'POST', path: '/versions/:id/restore', ...byId, response: VersionActionResponse }),
  revert: endpoint({
    method: 'POST',
    path: '/versions/:id/revert',
    ...byId,
    body: VersionRevertInput,
    response: VersionActionResponse,
  }),
  undo: endpoint({ method: 'POST', path: '/versions/:id/undo', ...byId, body: VersionUndoInput, response: ImportUndoResponse }),
};
