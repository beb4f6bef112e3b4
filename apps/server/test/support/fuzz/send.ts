import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idempotencyKeyHeader } from '@srs/shared/messages';
import type { TestContext } from '../app.ts';
import type { MatrixFixture } from '../matrix-fixture.ts';
import { changedTables, type Fingerprint, fingerprinter, walPosition } from './fingerprint.ts';
import type { FuzzRequest } from './requests.ts';

/** A request that got neither an answer nor (over HTTP) a closed connection in this time hangs. */
const answerWithinMs = 15_000;
const noAnswer = -1;

/** A request's answer: its status, or 0 when the connection ended without one (a stream cut short). */
export type Outcome = { status: number; finding: string | null };

/**
 * Sends fuzz requests one at a time and judges each: no 5xx, and a refusal (4xx, or no answer to
 * a stream cut short) leaves every table as it was. The fingerprint after one request is the one
 * before the next, so each request costs one fingerprint.
 */
export async function createSender(t: TestContext, fixture: MatrixFixture) {
  const fingerprint = await fingerprinter(t.database);
  const tokens = new Map<string, string>();
  let before: Fingerprint = await fingerprint();
  let beforeAt = await walPosition(t.database);
  let port: number | null = null;

  const headersOf = async (request: FuzzRequest): Promise<Record<string, string>> => {
    const email = fixture.emailOf(request.role);
    const headers: Record<string, string> = {};
    if (email) {
      if (!tokens.has(email)) tokens.set(email, await t.tokenFor(email));
      headers.authorization = `Bearer ${tokens.get(email)}`;
    }
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    if (request.idempotencyKey !== undefined) headers[idempotencyKeyHeader.toLowerCase()] = request.idempotencyKey;
    return headers;
  };

  const overHttp = async (request: FuzzRequest, headers: Record<string, string>): Promise<number> => {
    if (port === null) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    }
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    return new Promise<number>((resolve) => {
      let status = 0;
      let settled = false;
      const settle = (value: number) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      };
      // No answer at all, not even the connection closed: a hang, reported as such.
      const timer = setTimeout(() => {
        settle(noAnswer);
        outgoing.destroy();
      }, answerWithinMs);
      const outgoing = httpRequest({ host: '127.0.0.1', port, method: request.method, path: request.url, headers });
      outgoing.on('response', (response) => {
        status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () => settle(status));
        response.on('close', () => settle(status));
      });
      outgoing.on('error', () => settle(status));
      outgoing.on('close', () => settle(status));
      if (request.http === 'cut short' && body) {
        // The length promises more than is sent, then the connection closes mid-stream.
        outgoing.setHeader('content-length', String(body.length + 1000));
        outgoing.write(body, () => setTimeout(() => outgoing.destroy(), 20));
      } else {
        outgoing.end(body);
      }
    });
  };

  const injected = async (request: FuzzRequest, headers: Record<string, string>): Promise<number> => {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<number>((resolve) => {
      timer = setTimeout(() => resolve(noAnswer), answerWithinMs);
    });
    const answer = t.app
      .inject({
        method: request.method,
        url: request.url,
        headers,
        ...(request.body !== undefined ? { payload: request.body } : {}),
      })
      .then((response) => response.statusCode);
    try {
      return await Promise.race([answer, hang]);
    } finally {
      clearTimeout(timer);
    }
  };

  const send = async (request: FuzzRequest): Promise<Outcome> => {
    const headers = await headersOf(request);
    const status = request.http ? await overHttp(request, headers) : await injected(request, headers);
    // Signed out (or refused its token): the next request of that role signs in again.
    const email = fixture.emailOf(request.role);
    if (email && (request.url.startsWith('/api/logout') || status === 401)) tokens.delete(email);
    // A request cut short may still be read by the server after the client gave up: let it end.
    if (status === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = status === 0 || (status >= 400 && status < 500);
    const at = await walPosition(t.database);
    let changed: string[] = [];
    if (at !== beforeAt) {
      const after = await fingerprint();
      if (refused) changed = changedTables(before, after);
      before = after;
      beforeAt = await walPosition(t.database);
    }
    if (status >= 500) return { status, finding: `answered ${status}` };
    if (status === noAnswer) return { status, finding: `gave no answer within ${answerWithinMs / 1000} s` };
    if (changed.length) return { status, finding: `refused with ${status} but wrote: ${changed.join('; ')}` };
    return { status, finding: null };
  };

  return { send };
}

/** A finding as one line a person can send again. */
export function describe(request: FuzzRequest, outcome: Outcome): string {
  const body = request.body === undefined ? '' : ` body ${JSON.stringify(request.body.length > 300 ? `${request.body.slice(0, 300)}…` : request.body)}`;
  return (
    `${outcome.finding}: ${request.role} ${request.method} ${request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url}` +
    `${request.contentType !== undefined ? ` content-type ${JSON.stringify(request.contentType)}` : ''}` +
    `${request.idempotencyKey !== undefined ? ` idempotency-key ${JSON.stringify(request.idempotencyKey.slice(0, 40))}` : ''}` +
    `${request.http ? ` over HTTP (${request.http})` : ''}${body} [${request.what}]`
  );
}
