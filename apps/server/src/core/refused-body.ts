import type { FastifyReply, FastifyRequest } from 'fastify';

/** The most of a refused body read and thrown away before the connection is cut instead. */
export const drainLimitBytes = 64 * 1024 * 1024;
/** A caller not signed in is read no further than the route's own body limit (or this, without one). */
const signedOutDrainBytes = 10 * 1024 * 1024;
/** A body still coming after this long is cut: a refused client is not waited for without end. */
export const drainLimitMs = 30_000;

/**
 * A request refused before its body was read whole (over its size limit, not signed in, past a
 * limit): the rest of the body is read and thrown away before the answer goes, and the connection
 * stays open. Answering while the client still sends, then closing, would reset the connection:
 * a browser shows a dropped connection instead of the answer. A body that goes on past
 * drainLimitBytes (past the route's body limit for a caller not signed in: a stranger cannot make
 * the server read 64 MB), or still comes after drainLimitMs, is cut there.
 */
export async function readRestOfRefusedBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  // Read whole already (a body parsed before the refusal; light-my-request's injected requests
  // never say `complete`, but say they ended): there is nothing left to wait for.
  if (raw.complete || raw.destroyed || raw.readableEnded) return;
  // Fastify asks to close after a body it stopped reading; read whole, the connection can stay.
  reply.removeHeader('connection');
  const limit = request.user ? drainLimitBytes : (request.routeOptions.bodyLimit ?? signedOutDrainBytes);
  await new Promise<void>((resolve) => {
    let read = 0;
    const cut = () => {
      raw.destroy();
      done();
    };
    const timer = setTimeout(cut, drainLimitMs);
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) cut();
    };
    raw.on('data', count);
    raw.once('end', done);
    raw.once('close', done);
    raw.resume();
  });
}
