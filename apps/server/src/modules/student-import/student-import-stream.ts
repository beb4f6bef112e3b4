import { Readable } from 'node:stream';
import type { StudentImportProgress, StudentImportProgressListener, StudentImportResponse } from '@srs/shared/student-import';
import { studentImportProgressEveryMs, studentImportStreamType, type StudentImportStreamLine } from '@srs/shared/student-import-stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * POST /students/import answered as it goes (issue 27: a progress bar on both steps;
 * packages/shared/src/student-import-stream.ts says the lines). The 200 and its first line go at
 * once; the last line carries the answer or the refusal the plain route gives, in the same words,
 * and an Idempotency-Key is settled with that answer, not with the stream's 200.
 */

/** The request's Accept names the stream's type. */
export function wantsProgress(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((part) => part.split(';')[0]!.trim().toLowerCase() === studentImportStreamType);
}

/**
 * The listener the work calls, thinned for the wire: a step's first and last progress always go,
 * those between at most once every `everyMs` (the work may tell of every chunk of rows).
 */
export function thinned(
  listener: StudentImportProgressListener,
  everyMs = studentImportProgressEveryMs,
  now: () => number = () => performance.now(),
): StudentImportProgressListener {
  let sent: (StudentImportProgress & { at: number }) | null = null;
  return (progress) => {
    const at = now();
    const same = sent !== null && sent.step === progress.step;
    if (same && sent!.done === progress.done && sent!.total === progress.total) return;
    const stepDone = progress.done >= progress.total;
    if (same && !stepDone && at - sent!.at < everyMs) return;
    sent = { ...progress, at };
    listener(progress);
  };
}

const jsonType = 'application/json; charset=utf-8';

/** The last line, and what the request's key is settled with: what the plain route would have answered. */
type Ending = { line: string; statusCode: number; body: string };

async function endingOf(reply: FastifyReply, done: Promise<StudentImportResponse>): Promise<Ending> {
  try {
    const answer = await done;
    // A turn of the event loop first: the last progress line leaves (Node sends a chunk of a
    // response once the loop turns) before the answer's serialising, a second for 50,000 rows, holds it.
    await new Promise((resolve) => setImmediate(resolve));
    // The route's response schema, as the plain answer is serialised (a mismatch is a 500 there too).
    const serialized = reply.serialize(answer);
    const body = typeof serialized === 'string' ? serialized : Buffer.from(serialized as Buffer).toString('utf8');
    return { line: `{"result":${body}}`, statusCode: 200, body };
  } catch (error) {
    const { statusCode, body } = reply.errorAnswer(error);
    const last: StudentImportStreamLine = { error: { statusCode, body: body ?? null } };
    return { line: JSON.stringify(last), statusCode, body: JSON.stringify(body ?? null) };
  }
}

/**
 * Sends the work's progress as NDJSON, then its answer. The work runs to its end even when the
 * client goes away: the apply is one transaction, committed or not as a whole, and its key is
 * settled either way; lines for a client gone are dropped.
 */
export function answerAsItGoes(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (progress: StudentImportProgressListener) => Promise<StudentImportResponse>,
): FastifyReply {
  const settleKey = reply.settleKeyLater();
  const stream = new Readable({ read() {} });
  const send = (text: string) => {
    if (!stream.destroyed) stream.push(`${text}\n`);
  };
  const progress: StudentImportProgressListener = (step) => send(JSON.stringify({ progress: step } satisfies StudentImportStreamLine));
  // The first line sends the 200 at once: the page knows the server has the file and is reading it.
  progress({ step: 'reading', done: 0, total: 0 });
  // Begun here, in the handler's context: a keyed apply's transaction marks its claim written (db/write-marks.ts).
  const done = work(thinned(progress));
  const finish = async () => {
    const ending = await endingOf(reply, done);
    try {
      await settleKey({ statusCode: ending.statusCode, body: ending.body, contentType: jsonType });
    } catch (error) {
      request.log.error({ err: error }, 'the key of a streamed import could not be settled');
    }
    send(ending.line);
    if (!stream.destroyed) stream.push(null);
  };
  finish().catch((error: unknown) => {
    request.log.error({ err: error }, 'a streamed import could not end its answer');
    stream.destroy();
  });
  return reply
    .type(studentImportStreamType)
    // Each line as it is written: no cache, and no buffering by a proxy in front (nginx reads this header).
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
