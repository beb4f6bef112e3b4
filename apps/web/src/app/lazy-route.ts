import { messages } from '@srs/shared/messages';

/** SPEC section 9: a script chunk that takes longer than this has failed. */
export const chunkTimeoutMs = 120_000;

/** A script chunk that did not load: its message is 'Loading chunk {n} failed' (SPEC section 8; its page says it in the person's language). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(readonly chunk: string) {
    super(messages.chunkFailed(chunk));
  }
}

/** Loads a route module, turning a failed or stalled download into a ChunkLoadError. */
export function lazyRoute<T>(chunk: string, load: () => Promise<T>, timeoutMs = chunkTimeoutMs): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(chunk)), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        () => {
          clearTimeout(timer);
          reject(new ChunkLoadError(chunk));
        },
      );
    });
}
