import { createHash } from 'node:crypto';
import { idempotencyKeyHeader, idempotencyMessages, renewedTokenHeader, replayedHeader, stillSavingField } from '@srs/shared/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, invalid } from '../core/errors.ts';
import {
  type Claim,
  claim,
  forget,
  keepAnswer,
  keepRefusal,
  rememberedForMs,
  readKept,
  takeOver,
} from '../core/idempotent-writes.ts';
import type { Db } from '../db/client.ts';
import { keyedWrite } from '../db/write-marks.ts';
import { isDatabaseUnreachable, whenDatabaseAnswers } from '../db/unreachable.ts';

/**
 * One write, once (docs/decisions/020). A signed-in write that carries an `Idempotency-Key`
 * header claims (user, route, key) before its handler runs; its answer is kept for a day. The
 * same key again answers the kept answer with `Idempotent-Replayed: true` and writes nothing; a
 * repeat that arrives while the first is still being worked waits for its answer.
 */

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * A claim with no answer and no write this old belongs to a server that stopped mid-request before
 * its write committed: a repeat may take it over and make the write. Far above any request's time
 * and a proxy's timeout, so a write still running is never taken over by the retry a gateway's 504
 * brought. A claim whose write committed is never taken over (db/write-marks.ts).
 */
const abandonedAfterMs = 10 * 60_000;
/** How long a repeat waits for the first one's answer before it is told to try again. */
const waitForFirstMs = 15_000;
const pollEveryMs = 100;
/** Answers larger than this are not kept (an export, a picture): a repeat is refused instead of replayed. */
const maxKeptBytes = 256 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route's answer carries a secret shown once (a new API key, a second factor's
     * secret or recovery codes) or ends the session: it is never kept, so the header is ignored.
     */
    idempotency?: false;
  }
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

/** The header's value, checked: printable ASCII without spaces, 1 to 200 characters. */
export function readKey(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || !/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw invalid({ [idempotencyKeyHeader]: [idempotencyMessages.notValid] });
  }
  return key;
}

/** A file in a form (a picture) stands in the fingerprint as its own hash, not as a list of its bytes. */
function fileAsHash(value: unknown): unknown {
  if (value instanceof Uint8Array) return `sha256:${createHash('sha256').update(value).digest('base64url')}`;
  return value;
}

/** The request the key was first used for: method, path with its query, and body. */
export function fingerprintOf(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  // A form's fields are its body's own keys (multipart `keyValues`): each file is hashed in place.
  const body = request.body === undefined ? '' : JSON.stringify(withFilesHashed(request.body));
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('base64url');
}

export function withFilesHashed(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fileAsHash(value)]));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims the key, or answers the first request's kept answer (or waits for it). */
async function claimOrReplay(db: Db, request: FastifyRequest, reply: FastifyReply, owner: Claim) {
  const fingerprint = fingerprintOf(request);
  if (await claim(db, owner, fingerprint)) {
    request.idempotencyClaim = owner;
    return;
  }
  const deadline = Date.now() + waitForFirstMs;
  for (;;) {
    const kept = await readKept(db, owner);
    if (!kept || kept.age_ms > rememberedForMs || (kept.status_code === null && !kept.written && kept.age_ms > abandonedAfterMs)) {
      // Gone meanwhile (the first was refused or failed: nothing written), past its 30 days, or abandoned.
      if ((await claim(db, owner, fingerprint)) || (await takeOver(db, owner, fingerprint, abandonedAfterMs))) {
        request.idempotencyClaim = owner;
        return;
      }
    } else if (kept.fingerprint !== fingerprint) {
      throw invalid({ [idempotencyKeyHeader]: [idempotencyMessages.usedForAnother] });
    } else if (kept.status_code !== null) {
      reply.code(kept.status_code).header(replayedHeader, 'true');
      if (kept.content_type) reply.type(kept.content_type);
      return reply.send(kept.body ?? undefined);
    } else if (kept.written && kept.age_ms > waitForFirstMs) {
      // Made, and its answer lost (the server stopped between the commit and the answer).
      throw new HttpError(409, idempotencyMessages.alreadyMade);
    }
    if (Date.now() > deadline) {
      if (kept?.written) throw new HttpError(409, idempotencyMessages.alreadyMade);
      // Marked beside its sentence: known by the mark whatever language the sentence is said in.
      throw new HttpError(409, idempotencyMessages.stillSaving, { [stillSavingField]: true });
    }
    await sleep(pollEveryMs);
  }
}

/** What a claim is settled by: the answer's status and headers, and its body when it is text. */
type Outcome = { statusCode: number; contentType: string | null; renewed: boolean };

/**
 * What the answer makes of the claim: a refusal or a failure wrote nothing, so the key is freed for
 * the request corrected or tried again; a done write keeps its answer, or "already done" when its
 * answer is not one to keep (a file, a new token).
 */
function settlement(db: Db, outcome: Outcome, payload: unknown, owner: Claim): () => Promise<void> {
  if (outcome.statusCode >= 400) return () => forget(db, owner, { refused: outcome.statusCode < 500 });
  const text = keepable(outcome, payload);
  if (text === null) return () => keepRefusal(db, owner);
  const answer = { statusCode: outcome.statusCode, body: text, contentType: outcome.contentType };
  return () => keepAnswer(db, owner, answer);
}

/** A done write's answer as text to keep, or null when it is not one to keep (a stream, too large, a new token). */
function keepable(outcome: Outcome, payload: unknown): string | null {
  if (outcome.renewed) return null;
  if (payload === null || payload === undefined) return '';
  if (typeof payload !== 'string' || Buffer.byteLength(payload) > maxKeptBytes) return null;
  return payload;
}

function outcomeOf(reply: FastifyReply): Outcome {
  const type = reply.getHeader('content-type');
  return {
    statusCode: reply.statusCode,
    contentType: typeof type === 'string' ? type : null,
    renewed: reply.getHeader(renewedTokenHeader) !== undefined,
  };
}

/** Settles the claim; when the database is away just then, once it answers again. */
async function settle(db: Db, request: FastifyRequest, owner: Claim, outcome: Outcome, payload: unknown): Promise<void> {
  const run = settlement(db, outcome, payload, owner);
  try {
    await run();
  } catch (error) {
    // The database went away after the handler (a restart): the answer still goes as it is, and
    // the key is settled once the database answers again, so a retry is not told "still being
    // saved" until the claim is abandoned. Anything else fails the request as before.
    if (!isDatabaseUnreachable(error)) throw error;
    request.log.warn({ err: error }, 'the key of this write is settled once the database answers again');
    whenDatabaseAnswers(run).catch((late: unknown) => request.log.error({ err: late }, 'the key of a write could not be settled'));
  }
}

/** How a streamed answer settles its key at its end: with the answer the route gives without streaming. */
export type SettleKeyLater = (answer: { statusCode: number; body: string; contentType: string }) => Promise<void>;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * For an answer streamed before its outcome is known (a 200 whose last line may be a refusal):
     * the claim is left alone when the stream is sent and settled by the function returned, at the
     * stream's end, as the same request answered whole would settle it.
     */
    settleKeyLater: () => SettleKeyLater;
  }
}

async function idempotencyPlugin(app: FastifyInstance, { db }: { db: Db }) {
  // A keyed write's handler runs in its claim's context: the transactions it begins mark the claim
  // written as they commit (db/write-marks.ts).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => writeMethods.has(method)) || route.config?.idempotency === false) return;
    const handler = route.handler;
    route.handler = function keyedHandler(this: FastifyInstance, request, reply) {
      const owner = request.idempotencyClaim;
      return owner ? keyedWrite.run(owner, () => handler.call(this, request, reply)) : handler.call(this, request, reply);
    };
  });

  // After the auth plugin's onRequest (the user is known) and the body's validation.
  app.addHook('preHandler', async (request, reply) => {
    if (!writeMethods.has(request.method) || request.routeOptions.config.idempotency === false) return;
    const key = readKey(request.headers[idempotencyKeyHeader.toLowerCase()]);
    if (key === null || !request.user) return;
    const owner = { userId: request.user.id, route: `${request.method} ${request.routeOptions.url ?? ''}`, key };
    return claimOrReplay(db, request, reply, owner);
  });

  app.decorateReply('settleKeyLater', function settleKeyLater(this: FastifyReply): SettleKeyLater {
    const { request } = this;
    const owner = request.idempotencyClaim;
    request.idempotencyClaim = undefined;
    // A token renewed on this request is in the stream's headers: such an answer is not kept, as the plain route's is not.
    const renewed = this.getHeader(renewedTokenHeader) !== undefined;
    return async ({ statusCode, body, contentType }) => {
      if (owner) await settle(db, request, owner, { statusCode, contentType, renewed }, body);
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owner = request.idempotencyClaim;
    if (!owner) return payload;
    request.idempotencyClaim = undefined;
    await settle(db, request, owner, outcomeOf(reply), payload);
    return payload;
  });
}

export const idempotency = fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['auth'] });
