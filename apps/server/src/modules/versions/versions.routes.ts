import { IdParams } from '@srs/shared/common';
import { admins, everyone } from '@srs/shared/roles';
import {
  ImportUndoResponse,
  VersionActionResponse,
  VersionDetail,
  VersionListQuery,
  VersionListResponse,
  VersionRevertInput,
  VersionUndoInput,
} from '@srs/shared/versions';
import { invalid } from '../../core/errors.ts';
import { paginationOf } from '../../core/lists.ts';
import { visibleId } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { undoStudentImport } from '../student-import/public.ts';
import { restoreStudent, revertStudentFields } from '../students/public.ts';
import { versionDetail } from './version-detail.ts';
import { listVersions, loadVersion } from './versions.queries.ts';

/** The audit trail (issue 11): the list, one change, a deleted student restored, a change reverted, an import undone. */
export async function versionRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/versions',
    {
      config: { roles: everyone },
      schema: {
        tags: ['versions'],
        summary: 'Changes to records, newest first: all for global admins, their schools’ and their own for admins, their own for instructors',
        querystring: VersionListQuery,
        response: { 200: VersionListResponse },
      },
    },
    async (request) => {
      const { versions, count, next_cursor, prev_cursor } = await listVersions(db, request.actor.scope, request.query);
      return {
        versions,
        pagination: paginationOf(request.query, count.total, versions.length, {
          total_capped: count.capped,
          next_cursor,
          prev_cursor,
        }),
      };
    },
  );

  app.get(
    '/api/versions/:id',
    {
      config: { roles: everyone, record: 'version' },
      schema: { tags: ['versions'], summary: 'One change, before and after, in words', params: IdParams, response: { 200: VersionDetail } },
    },
    async (request) => {
      const version = await loadVersion(db, visibleId(request, 'version'));
      return versionDetail(db, request.actor.scope, version);
    },
  );

  app.post(
    '/api/versions/:id/restore',
    {
      config: { roles: everyone, record: 'version' },
      schema: {
        tags: ['versions'],
        summary: 'Brings a deleted student back with every record that went with it (admins of its school)',
        params: IdParams,
        response: { 200: VersionActionResponse },
      },
    },
    async (request) => {
      const { actor } = request;
      return db.transaction(async (tx) => {
        const version = await loadVersion(tx, visibleId(request, 'version'));
        if (version.event !== 'destroy' || version.item_type !== 'Student' || !version.object) {
          throw invalid('Only a deleted student can be restored.');
        }
        const studentId = await restoreStudent(tx, actor, version.object);
        return { version_id: version.id, record_path: `/students/${studentId}` };
      });
    },
  );

  app.post(
    '/api/versions/:id/revert',
    {
      config: { roles: everyone, record: 'version' },
      schema: {
        tags: ['versions'],
        summary: 'Sets chosen fields of a student back to their value before a change',
        params: IdParams,
        body: VersionRevertInput,
        response: { 200: VersionActionResponse },
      },
    },
    async (request) => {
      const { actor } = request;
      return db.transaction(async (tx) => {
        const version = await loadVersion(tx, visibleId(request, 'version'));
        if (version.event !== 'update' || version.item_type !== 'Student' || !version.object) {
          throw invalid('Only a change to a student can be set back.');
        }
        await revertStudentFields(tx, actor, version.item_id, version.object, request.body.fields);
        return { version_id: version.id, record_path: `/students/${version.item_id}` };
      });
    },
  );

  app.post(
    '/api/versions/:id/undo',
    {
      config: { roles: admins, record: 'version' },
      schema: {
        tags: ['versions'],
        summary: 'Takes back an import of students as a whole, within 30 days (admins of every school it wrote into)',
        params: IdParams,
        body: VersionUndoInput,
        response: { 200: ImportUndoResponse },
      },
    },
    async (request) => {
      const { actor } = request;
      return db.transaction(async (tx) => {
        const version = await loadVersion(tx, visibleId(request, 'version'));
        return undoStudentImport(tx, actor, version, request.body.keep_changed === true);
      });
    },
  );
}
