import { idempotencyKeyHeader } from '@srs/shared/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpError } from '../src/core/errors.ts';
import type { Db } from '../src/db/client.ts';
import { errors } from '../src/plugins/errors.ts';
import { idempotency } from '../src/plugins/idempotency.ts';

/**
 * The database goes away between a keyed write's handler and the keeping of its key (a restart
 * under load, issue 26): the answer still goes as the handler made it, not a 503 quoting SQL, and
 * the key is settled once the database answers again. A stand-in database counts the statements.
 */
const statements: string[] = [];
let away = false;
const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

function sqlText(query: unknown): string {
  const chunks = (query as { queryChunks?: unknown[] }).queryChunks ?? [];
  return chunks.map((chunk) => ((chunk as { value?: string[] }).value ?? []).join('')).join('?');
}

const db = {
  execute: async (query: unknown) => {
    const text = sqlText(query).trim();
    statements.push(text.split(/\s+/)[0]!);
    if (away && !text.startsWith('insert')) {
      away = false; // back after one refusal
      throw unreachable;
    }
    return { rows: text.startsWith('insert') ? [{ claimed: 1 }] : [] };
  },
} as unknown as Db;

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(errors);
  await app.register(
    fp(
      async (instance) => {
        instance.addHook('onRequest', async (request) => {
          (request as unknown as { user: { id: number } }).user = { id: 7 };
        });
      },
      { name: 'auth' },
    ),
  );
  await app.register(idempotency, { db });
  app.post('/refused', async () => {
    away = true;
    throw new HttpError(404, 'Not found.');
  });
  app.post('/made', async (_request, reply) => {
    away = true;
    return reply.code(201).send({ id: 1 });
  });
  await app.ready();
});
afterAll(async () => app.close());

it.each([
  ['/refused', 404, { error: 'Not found.' }, 'delete'],
  ['/made', 201, { id: 1 }, 'update'],
])('%s answers as its handler did while the key waits for the database', async (url, status, body, settles) => {
  statements.length = 0;
  const answer = await app.inject({ method: 'POST', url, headers: { [idempotencyKeyHeader]: `key-${url}` }, payload: {} });
  expect(answer.statusCode).toBe(status);
  expect(answer.json()).toEqual(body);
  // The settlement failed once (the database away) and is made again a second later.
  await expect.poll(() => statements.filter((each) => each === settles).length, { timeout: 5_000 }).toBe(2);
});
