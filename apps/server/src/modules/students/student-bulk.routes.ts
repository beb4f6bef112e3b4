import { admins, everyone } from '@srs/shared/roles';
import { BulkReassignInput, BulkReassignResponse, BulkShareInput, BulkShareResponse } from '@srs/shared/students';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { bulkReassign, bulkShare, bulkUnshare } from './students.bulk.ts';

export async function studentBulkRoutes(app: App, { db }: { db: Db }) {
  app.put(
    '/api/students/bulk_reassign',
    {
      config: { roles: admins },
      schema: {
        tags: ['students'],
        summary: 'Move students to another school or instructor; enrollments not offered there are orphaned',
        body: BulkReassignInput,
        response: { 200: BulkReassignResponse },
      },
    },
    async (request) => bulkReassign(db, request.scope, request.body),
  );

  app.put(
    '/api/students/bulk_share',
    {
      config: { roles: everyone },
      schema: {
        tags: ['students'],
        summary: 'Share students with staff (GET /users/share lists who)',
        body: BulkShareInput,
        response: { 200: BulkShareResponse },
      },
    },
    async (request) => bulkShare(db, request.scope, request.body),
  );

  app.put(
    '/api/students/bulk_unshare',
    {
      config: { roles: everyone },
      schema: {
        tags: ['students'],
        summary: 'Stop sharing students with staff',
        body: BulkShareInput,
        response: { 200: BulkShareResponse },
      },
    },
    async (request) => bulkUnshare(db, request.scope, request.body),
  );
}
