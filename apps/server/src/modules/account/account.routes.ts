import { AccountDetail, AccountUpdateBody } from '@srs/shared/account';
import { IdParams } from '@srs/shared/common';
import { everyone } from '@srs/shared/roles';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { type AccountFiles, accountDetail, ownUpload, updateAccount } from './account.service.ts';

/** The files a multipart update may carry: read from the body as they arrive (see AccountFiles). */
const fileFields = ['profile_picture', 'background_image'] as const;

/** A value of a file field that is no file (a word sent as JSON) is refused like a file that is no picture. */
function filesOf(body: Partial<Record<(typeof fileFields)[number], unknown>>): AccountFiles {
  const files: AccountFiles = {};
  for (const field of fileFields) {
    const value = body[field];
    if (value === undefined || value === null || value === '') continue;
    files[field] = Buffer.isBuffer(value) ? value : Buffer.alloc(0);
  }
  return files;
}

/** The signed-in user's own account (SPEC sections 2 and 7): /account/my-account and /account/settings. */
export async function accountRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/users/current',
    {
      config: { roles: everyone },
      schema: { tags: ['users'], summary: "The signed-in user's own account", response: { 200: AccountDetail } },
    },
    async (request) => accountDetail(db, request.user.id),
  );

  app.patch(
    '/api/users/update_current',
    {
      config: { roles: everyone },
      schema: {
        tags: ['users'],
        summary:
          "Change one's own name, email, phone, profile picture, background and notices (JSON, or multipart with the pictures)",
        body: AccountUpdateBody,
        response: { 200: AccountDetail },
      },
    },
    async (request) => {
      const { profile_picture, background_image, ...input } = request.body;
      return updateAccount(db, request.actor, input, filesOf({ profile_picture, background_image }));
    },
  );

  app.get(
    '/api/uploads/:id',
    {
      config: { roles: everyone, record: { none: "an upload is its owner's alone: the handler finds it by owner" } },
      schema: { tags: ['users'], summary: "One of the signed-in user's pictures, as it was kept", params: IdParams },
    },
    async (request, reply) => {
      const upload = await ownUpload(db, request.user.id, request.params.id);
      if (!upload) throw notFound('Upload');
      // An upload never changes (a new picture is a new upload): the browser may keep it.
      return reply
        .header('content-type', upload.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(upload.data);
    },
  );
}
