import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idempotencyKeyHeader } from '@srs/shared/messages';
import type { TestContext } from '../app.ts';
import type { MatrixFixture } from '../matrix-fixture.ts';
import { openChangeLog } from './change-log.ts';
import { changedTables, type Fingerprint, fingerprinter, walPosition } from './fingerprint.ts';
import type { FuzzRequest } from './requests.ts';

/** A request that got neither an answer nor (over HTTP) a closed connection in this time hangs. */
const answerWithinMs = 15_000;
const noAnswer = -1;

/**
 * A request's answer: its status, or 0 when the connection ended without one (a stream cut short).
 * A finding about the request before (it wrote after its refusal was answered) names it in `about`.
 */
export type Outcome = { status: number; finding: string | null; about?: FuzzRequest };

/** How the judge is kept honest and how much it costs. */
export type SenderOptions = {
  /**
   * On PostgreSQL, the full fingerprint is also taken after every this-many-th request and compared
   * with the one before: a change the change log did not note is a finding.
   */
  crossCheckEvery?: number;
};

/**
 * Sends fuzz requests one at a time and judges each: no 5xx, an answer within 15 s, and a refusal
 * (4xx, or no answer to a stream cut short) writes nothing.
 *
 * On PostgreSQL a change log (change-log.ts) notes every row written; it is emptied when a request
 * begins and read when it has ended: a refusal wrote nothing when the log is empty. Every
 * `crossCheckEvery`-th request the fingerprint of every table (row count and sum of row hashes) is
 * taken too, and whatever it saw change since the last one must be in the log.
 *
 * On PGlite the fingerprint judges every request: the fingerprint after one request is the one
 * before the next, taken again only when the write-ahead log moved.
 */
export async function createSender(t: TestContext, fixture: MatrixFixture, options: SenderOptions = {}) {
  const fingerprint = await fingerprinter(t.database);
  const changeLog = t.database.kind === 'postgres' ? await openChangeLog(t.database) : null;
  const crossCheckEvery = options.crossCheckEvery ?? 100;
  const tokens = new Map<string, string>();
  const stats = { requests: 0, refusals: 0, fingerprints: 0, crossChecks: 0, msAnswering: 0, msJudging: 0, msFingerprints: 0, msWaiting: 0 };
  const takeFingerprint = async () => {
    const started = performance.now();
    stats.fingerprints++;
    const print = await fingerprint();
    stats.msFingerprints += performance.now() - started;
    return print;
  };
  /** The fingerprint since which nothing was written, or null when something was. */
  let before: Fingerprint | null = await takeFingerprint();
  let beforeAt = changeLog ? '' : await walPosition(t.database);
  let port: number | null = null;
  /** The request before, when it was refused: a write noted before the next one begins is its own. */
  let lastRefused: { request: FuzzRequest; status: number } | null = null;

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
      // Another sender of the same app may have opened it already.
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
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
        // Framed as a client frames it: Node sends a DELETE's body with neither a length nor
        // chunks, which the server reads as a request without a body followed by bytes that are
        // no request (answered 400 by Node itself, while the app answers the bodiless request).
        if (body) outgoing.setHeader('content-length', String(body.length));
        outgoing.end(body);
      }
    });
  };

  /**
   * Until the server has ended every request it began (at most 2 s) and, after a stream cut short,
   * closed every connection (at most 50 ms). A form whose closing boundary arrived before the
   * client cut the stream is whole to the server, which acts on it after the client has gone:
   * like an answer lost on the way, that may write; it must be done before the next request is judged.
   */
  const serverDone = async (cutShort: boolean) => {
    if (cutShort) {
      const open = () => new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count ?? 0)));
      const until = performance.now() + (changeLog ? 50 : 0);
      await new Promise((resolve) => setTimeout(resolve, changeLog ? 1 : 50));
      while ((await open()) > 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const requestsUntil = performance.now() + 2000;
    while ((t.inFlight?.() ?? 0) > 0 && performance.now() < requestsUntil) await new Promise((resolve) => setTimeout(resolve, 1));
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

  /** What a refusal wrote, judged by the change log and, now and then, the fingerprint too. */
  const judgedByChangeLog = async (log: NonNullable<typeof changeLog>, refused: boolean, crossCheck: boolean) => {
    const changes = await log.take();
    const changed = refused ? [...changes].map(([name, said]) => `${name} ${said}`) : [];
    if (crossCheck) {
      stats.crossChecks++;
      const after = await takeFingerprint();
      if (before) {
        // Since the last fingerprint, the log saw nothing but this request's changes.
        const missed = changedTables(before, after).filter((line) => !changes.has(line.slice(0, line.indexOf(' '))));
        changed.push(...missed.map((line) => `${line} (not in the change log)`));
      }
      before = after;
    } else if (changes.size) {
      before = null;
    }
    return changed;
  };

  const judgedByFingerprint = async (refused: boolean) => {
    const at = await walPosition(t.database);
    let changed: string[] = [];
    if (at !== beforeAt) {
      const after = await takeFingerprint();
      if (refused && before) changed = changedTables(before, after);
      before = after;
      beforeAt = await walPosition(t.database);
    }
    return changed;
  };

  const send = async (request: FuzzRequest): Promise<Outcome> => {
    const started = performance.now();
    stats.requests++;
    const crossCheck = changeLog !== null && stats.requests % crossCheckEvery === 0;
    let late: Outcome | null = null;
    if (changeLog) {
      // Written since the request before was judged: by it, late, or between requests (a test's own rows).
      const since = await changeLog.take();
      if (since.size) {
        before = null;
        if (lastRefused) {
          const changed = [...since].map(([name, said]) => `${name} ${said}`).join('; ');
          late = { status: lastRefused.status, finding: `refused with ${lastRefused.status} but wrote after its answer: ${changed}`, about: lastRefused.request };
        }
      }
      if (crossCheck && !before) before = await takeFingerprint();
    }
    const sent = performance.now();
    const headers = await headersOf(request);
    t.takeLastStatus?.();
    const status = request.http ? await overHttp(request, headers) : await injected(request, headers);
    const answered = performance.now();
    // Signed out (or refused its token): the next request of that role signs in again.
    const email = fixture.emailOf(request.role);
    if (email && (request.url.startsWith('/api/logout') || status === 401)) tokens.delete(email);
    // A request cut short may still be read by the server after the client gave up: let it end.
    if (request.http) {
      const waited = performance.now();
      await serverDone(status === 0);
      stats.msWaiting += performance.now() - waited;
    }
    // Over HTTP, judged by what the app answered: a stream cut short that the app took whole may
    // be done, and the 400 Node itself gives to bytes that are no request is not the app's answer.
    const appSaid = request.http ? t.takeLastStatus?.() : status;
    const refused = request.http && t.takeLastStatus ? !(appSaid !== undefined && appSaid < 400) : status === 0 || (status >= 400 && status < 500);
    if (refused) stats.refusals++;
    lastRefused = refused ? { request, status } : null;
    const changed = changeLog ? await judgedByChangeLog(changeLog, refused, crossCheck) : await judgedByFingerprint(refused);
    stats.msAnswering += answered - sent;
    stats.msJudging += performance.now() - answered + (sent - started);
    if (late) return late;
    if (status >= 500) return { status, finding: `answered ${status}` };
    if (status === noAnswer) return { status, finding: `gave no answer within ${answerWithinMs / 1000} s` };
    if (changed.length) return { status, finding: `refused with ${status} but wrote: ${changed.join('; ')}` };
    return { status, finding: null };
  };

  return { send, stats };
}

/** A finding as one line a person can send again. */
export function describe(sent: FuzzRequest, outcome: Outcome): string {
  const request = outcome.about ?? sent;
  const body = request.body === undefined ? '' : ` body ${JSON.stringify(request.body.length > 300 ? `${request.body.slice(0, 300)}…` : request.body)}`;
  return (
    `${outcome.finding}: ${request.role} ${request.method} ${request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url}` +
    `${request.contentType !== undefined ? ` content-type ${JSON.stringify(request.contentType)}` : ''}` +
    `${request.idempotencyKey !== undefined ? ` idempotency-key ${JSON.stringify(request.idempotencyKey.slice(0, 40))}` : ''}` +
    `${request.http ? ` over HTTP (${request.http})` : ''}${body} [${request.what}]`
  );
}
