import type { FastifyReply, FastifyRequest } from 'fastify';

/** The most of a refused body read and thrown away before the connection is cut instead. */
export const drainLimitBytes = 64 * 1024 * 1024;

/**
 * A request refused before its body was read whole (over its size limit, not signed in, past a
 * limit): the rest of the body is read and thrown away before the answer goes, and the connection
 * stays open. Answering while the client still sends, then closing, would reset the connection:
 * a browser shows a dropped connection instead of the answer. A body that goes on past
 * drainLimitBytes is cut there.
 */
export async function readRestOfRefusedBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  // Read whole already (a body parsed before the refusal; light-my-request's injected requests
  // never say `complete`, but say they ended): there is nothing left to wait for.
  if (raw.complete || raw.destroyed || raw.readableEnded) return;
  // Fastify asks to close after a body it stopped reading; read whole, the connection can stay.
  reply.removeHeader('connection');
  await new Promise<void>((resolve) => {
    let read = 0;
    const done = () => {
      raw.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > drainLimitBytes) {
        raw.destroy();
        done();
      }
    };
    raw.on('data', count);
    raw.once('end', done);
    raw.once('close', done);
    raw.resume();
  });
}
