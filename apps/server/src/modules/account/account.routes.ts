import { AccountDetail, AccountUpdateBody, MfaCodeInput, MfaConfirmInput, MfaRecoveryCodes, MfaSetup } from '@srs/shared/account';
import { IdParams } from '@srs/shared/common';
import { everyone } from '@srs/shared/roles';
import { notFound } from '../../core/errors.ts';
import type { FastifyRequest } from 'fastify';
import type { SecretBox } from '../../auth/secret-box.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { settle } from '../mail/public.ts';
import { type AccountFiles, accountDetail, ownUpload, updateAccount } from './account.service.ts';
import { confirmSecondFactor, startSecondFactor, turnOffSecondFactor } from './second-factor.service.ts';
import { countUploads } from './upload-limits.ts';

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
export async function accountRoutes(app: App, { db, env, secrets }: { db: Db; env: Env; secrets: SecretBox }) {
  // Codes are tried at most this often a minute per user (counted after sign-in, by user).
  const codeLimit = {
    max: env.RATE_LIMIT_SIGN_IN,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `mfa:${request.user?.id ?? request.ip}`,
  };
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
      // Pictures are counted before the body is validated or any picture is looked at (upload-limits.ts).
      preValidation: async (request) => countUploads(db, request.user.id, filesOf(request.body ?? {})),
      schema: {
        tags: ['users'],
        summary:
          "Change one's own name, email, phone, language, profile picture, background and notices (JSON, or multipart with the pictures)",
        body: AccountUpdateBody,
        response: { 200: AccountDetail },
      },
    },
    async (request, reply) => {
      const { profile_picture, background_image, ...input } = request.body;
      const update = await settle(app, request.log, await updateAccount(db, request.actor, input, filesOf({ profile_picture, background_image })));
      if (update.generation !== null) await reply.renewSession(update.generation);
      return update.account;
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

  app.post(
    '/api/users/current/mfa',
    {
      // Its answer is the new secret: never kept for a repeat (plugins/idempotency.ts).
      config: { roles: everyone, idempotency: false },
      schema: {
        tags: ['users'],
        summary: 'Start the second factor: a new secret and its QR code, on once a code confirms it',
        response: { 200: MfaSetup },
      },
    },
    async (request) => startSecondFactor(db, secrets, request.user.id),
  );

  app.post(
    '/api/users/current/mfa/confirm',
    {
      // Its answer is the recovery codes, shown once: never kept for a repeat.
      config: { roles: everyone, rateLimit: codeLimit, idempotency: false },
      schema: {
        tags: ['users'],
        summary:
          'Confirm the second factor with a code and the password: on from now, other sessions end, the owner is told; the recovery codes, shown once',
        body: MfaConfirmInput,
        response: { 200: MfaRecoveryCodes },
      },
    },
    async (request, reply) => {
      const on = await settle(app, request.log, await confirmSecondFactor(db, secrets, request.actor, request.body));
      await reply.renewSession(on.generation);
      return { recovery_codes: on.codes };
    },
  );

  app.delete(
    '/api/users/current/mfa',
    {
      config: { roles: everyone, rateLimit: codeLimit },
      schema: {
        tags: ['users'],
        summary: 'Turn the second factor off, with a code from the app or a recovery code',
        body: MfaCodeInput,
      },
    },
    async (request, reply) => {
      await reply.renewSession(await settle(app, request.log, await turnOffSecondFactor(db, secrets, request.actor, request.body.code)));
      return reply.code(204).send();
    },
  );
}
