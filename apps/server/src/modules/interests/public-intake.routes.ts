import { PublicInterestInput, PublicInterestResponse } from '@srs/shared/api-keys';
import { ErrorResponse, ValidationErrorResponse } from '@srs/shared/common';
import { type IntakeAnswerDoc, intakeAnswers, publicIntakePath } from '@srs/shared/public-intake';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientAddress } from '../../core/limits.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { admitApiKey } from '../api-keys/public.ts';
import { receivePublicInterest } from './public-intake.ts';

/** The key a website sends: `Authorization: Bearer srs_…` or `X-Api-Key: srs_…`. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header.trim();
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}

const meaningOf = (status: IntakeAnswerDoc['status']) => intakeAnswers.find((answer) => answer.status === status)!.meaning;

/** The route's words in the OpenAPI document (/api/docs): the same as the API keys page's. */
const description = [
  'A church website sends a person who asked for Bible studies, with an API key made on the API keys page ' +
    '(/account/settings/api-keys) in `Authorization: Bearer srs_…` or `X-Api-Key: srs_…`. The key is checked ' +
    'before the body is read. A key only sends interests: nobody signs in with it.',
  'The body is JSON and takes only the fields of its schema: any other field is refused by name (422), never ' +
    'dropped. The course or seminar is named by `series` (its name, upper or lower case alike, among the active ' +
    'ones) or by `series_id`. `external_id` is optional: with it a repeat is answered 200 and makes nothing; ' +
    'without it every post makes a new interest.',
  ...intakeAnswers.map((answer) => `**${answer.status}**: ${answer.meaning}`),
].join('\n\n');

/** A 422 body in SPEC section 8's shapes: field → messages here, as the intake refuses by field. */
const ValidationBody = z.union([ValidationErrorResponse, z.array(z.string()), z.string()]);

/**
 * POST /api/public/interests (DOMAIN.md, Interest tracking; issue 25): a church website sends a
 * person who asked for Bible studies, with an API key. No one signs in with the key; it is limited
 * per key once verified and, while wrong, per address (api-keys/api-key-limits.ts): not by the
 * route's rateLimit option, which counts before the key is known. The body is strict and its words
 * are packages/shared/src/public-intake.ts's (the API keys page and the README show the same).
 * Registered only with interest tracking on (app.ts).
 */
export async function publicIntakeRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.post(
    publicIntakePath,
    {
      config: { public: true },
      schema: {
        tags: ['interests'],
        summary: 'Send an interest from a website, with an API key',
        description,
        security: [{ apiKey: [] }, { apiKeyHeader: [] }],
        body: PublicInterestInput,
        response: {
          201: PublicInterestResponse.describe(meaningOf(201)),
          200: PublicInterestResponse.describe(meaningOf(200)),
          401: ErrorResponse.describe(meaningOf(401)),
          422: ValidationBody.describe(meaningOf(422)),
          429: ErrorResponse.describe(meaningOf(429)),
        },
      },
      // The key before the body is even read: a post without a live key learns nothing of the fields.
      onRequest: async (request) => {
        const key = await admitApiKey(db, keyOf(request), clientAddress(request.ip), env.RATE_LIMIT_INTAKE);
        request.apiKeyId = key.id;
      },
    },
    async (request, reply) => {
      const answer = await receivePublicInterest(db, request.apiKeyId!, request.body);
      return reply.code(answer.created ? 201 : 200).send(answer);
    },
  );
}
