import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { uploadMessages } from '@srs/shared/account';
import { tooLargeMessage } from '@srs/shared/user-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvBodyLimit } from '../src/core/csv-read.ts';
import { createTestApp, type TestContext } from './support/app.ts';

type Answer = { status: number; body: string; socketError: string | null };

/**
 * Sends a body over real HTTP as a client that goes on sending after the answer came (as a
 * browser does), with Content-Length or chunked, and reads the whole answer. A server that
 * closes the connection on a body it stopped reading resets it: the client sees a socket error.
 */
function send(port: number, method: string, path: string, headers: Record<string, string>, body: Buffer, chunked: boolean) {
  return new Promise<Answer>((resolve) => {
    let socketError: string | null = null;
    let answer: { status: number; body: string } | null = null;
    let sent = false;
    const settle = () => {
      if (answer && (sent || socketError)) resolve({ ...answer, socketError });
    };
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: chunked ? headers : { ...headers, 'content-length': String(body.length) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (piece: string) => (text += piece));
        res.on('end', () => {
          answer = { status: res.statusCode ?? 0, body: text };
          settle();
        });
      },
    );
    req.on('error', (error) => {
      socketError = error.message;
      if (!answer) resolve({ status: 0, body: '', socketError });
      settle();
    });
    let offset = 0;
    const piece = 64 * 1024;
    const write = () => {
      while (offset < body.length) {
        const more = req.write(body.subarray(offset, offset + piece));
        offset += piece;
        if (!more) return void req.once('drain', write);
      }
      req.end(() => {
        sent = true;
        settle();
      });
    };
    write();
  });
}

describe('a body over its limit is answered in a sentence, and the connection is not dropped', () => {
  let t: TestContext;
  let port: number;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await t.headersFor('global.admin@demo.test');
  });
  afterAll(async () => t.close());

  const json = (bytes: number) => Buffer.from(JSON.stringify({ file: 'x'.repeat(bytes), dry_run: true }));

  it.each([false, true])('a 5 MB import (chunked: %s) gets 413 with its limit in words', async (chunked) => {
    const answer = await send(port, 'POST', '/api/schools/bulk_import_zips', { ...admin, 'content-type': 'application/json' }, json(csvBodyLimit), chunked);
    expect(answer).toEqual({ status: 413, body: JSON.stringify({ error: tooLargeMessage(csvBodyLimit) }), socketError: null });
    expect(tooLargeMessage(csvBodyLimit)).toBe('This request is too large (the limit is 5 MB).');
  });

  it('a JSON body over the global limit gets 413 with its limit', async () => {
    const answer = await send(port, 'POST', '/api/students', { ...admin, 'content-type': 'application/json' }, json(10.5 * 1024 * 1024), true);
    expect(answer).toEqual({ status: 413, body: JSON.stringify({ error: 'This request is too large (the limit is 10 MB).' }), socketError: null });
  });

  it('a picture over the multipart limit gets the 422 of a file too large', async () => {
    const boundary = 'pictureboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="p"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(6 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` };
    const answer = await send(port, 'PATCH', '/api/users/update_current', headers, body, false);
    expect(answer).toEqual({ status: 422, body: JSON.stringify([uploadMessages.fileTooLarge]), socketError: null });
  });

  it('a refusal before the body is read (not signed in) is read whole too', async () => {
    const answer = await send(port, 'POST', '/api/schools/bulk_import_zips', { 'content-type': 'application/json' }, json(4 * 1024 * 1024), false);
    expect(answer.status).toBe(401);
    expect(answer.socketError).toBeNull();
  });

  it('a caller not signed in is read no further than the route allows: a larger body is cut, not read to 64 MB', async () => {
    const answer = await send(port, 'POST', '/api/schools/bulk_import_zips', { 'content-type': 'application/json' }, json(2 * csvBodyLimit), false);
    expect(answer.socketError).not.toBeNull();
    // The server is none the worse: the next request is answered.
    const next = await t.app.inject({ method: 'GET', url: '/api/students?per_page=1', headers: admin });
    expect(next.statusCode).toBe(200);
  });

  it('a refusal after the body was read answers at once, injected or not (the fuzzer found a hang)', async () => {
    // The Idempotency-Key is checked after the body is parsed; light-my-request's request never says
    // `complete`, so a refusal there once waited for an end that had already come.
    const headers = { ...admin, 'content-type': 'application/json', 'idempotency-key': 'a'.repeat(5000) };
    const refused = await t.app.inject({ method: 'PATCH', url: '/api/change_password', headers, payload: { current_password: 'x', password: 'y' } });
    expect(refused.statusCode).toBe(422);
    const next = await t.app.inject({ method: 'GET', url: '/api/students?per_page=1', headers: admin });
    expect(next.statusCode).toBe(200);
  }, 20_000);
});
