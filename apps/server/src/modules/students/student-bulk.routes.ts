import { BulkReassignInput, BulkReassignResponse, BulkShareInput, BulkShareResponse } from '@srs/shared/students';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { studentRules } from './student-rules.ts';
import { bulkReassign, bulkShare, bulkUnshare } from './students.bulk.ts';

export async function studentBulkRoutes(app: App, { db }: { db: Db }) {
  app.put(
    '/api/students/bulk_reassign',
    {
      config: { roles: studentRules.reassign.roles },
      schema: {
        tags: ['students'],
        summary: 'Move students to another school or instructor; enrollments not offered there are orphaned',
        body: BulkReassignInput,
        response: { 200: BulkReassignResponse },
      },
    },
    async (request) => bulkReassign(db, request.actor, request.body),
  );

  // Sharing and unsharing take the same input, answer the same shape and follow the same rule.
  const shareRoute = (url: string, summary: string, run: typeof bulkShare) =>
    app.put(
      url,
      {
        config: { roles: studentRules.share.roles },
        schema: { tags: ['students'], summary, body: BulkShareInput, response: { 200: BulkShareResponse } },
      },
      async (request) => run(db, request.actor, request.body),
    );
  shareRoute('/api/students/bulk_share', 'Share students with staff (GET /users/share lists who)', bulkShare);
  shareRoute('/api/students/bulk_unshare', 'Stop sharing students with staff', bulkUnshare);
}
