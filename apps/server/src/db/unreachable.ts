import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What a request answers while the database cannot be reached (a restart, a failover, a full
 * connection table): 503 with this sentence and Retry-After. The pool opens new connections by
 * itself once the database answers again, so the same request then succeeds.
 */
export const databaseUnreachable = {
  status: 503,
  retryAfterSeconds: 30,
  message: 'The database cannot be reached just now. Please try again in a minute.',
} as const;

/**
 * What a request answers when it waited too long for a connection while the database answered
 * others meanwhile: every connection was busy, the database is there.
 */
export const serverBusy = {
  status: 503,
  retryAfterSeconds: 5,
  message: 'The server is busy just now. Please try again in a moment.',
} as const;

/** Whether an error is a wait for one of the pool's connections that ran out of time. */
export function isConnectionWaitTimeout(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (error instanceof DrizzleQueryError) return isConnectionWaitTimeout(error.cause);
  return (error as { message?: unknown }).message === 'timeout exceeded when trying to connect';
}

/** How long a request waits for a connection before it is told the database cannot be reached. */
export const connectionTimeoutMs = 5_000;

/** The socket's errors when the server is down, restarting or cut off. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server that ends or refuses connections: class 08 (connection exception) is
 * matched by its prefix; 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
 * 53300 too_many_connections.
 */
const serverStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres says these in words only: a connection ended, a pool that found none in time, a broken client. */
const driverWords = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
];

function isUnreachableItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (socketCodes.has(code) || serverStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  return typeof message === 'string' && driverWords.some((words) => words.test(message));
}

/**
 * Whether an error says the database cannot be reached now, rather than that it refused the
 * statement. drizzle wraps a failed query (DrizzleQueryError): the driver's error is its cause.
 * Only that wrapper is looked through, so that another service's failure (a fetch to an identity
 * provider refused) is not taken for the database's.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if (isUnreachableItself(error)) return true;
  if (error instanceof DrizzleQueryError) return isDatabaseUnreachable(error.cause);
  // Node's AggregateError of a host with several addresses, every one refused.
  if (error instanceof AggregateError) return error.errors.length > 0 && error.errors.every((each) => isDatabaseUnreachable(each));
  return false;
}

type WarnLog = { warn: (details: { err: unknown }, message: string) => void };

/**
 * The server's listener of unhandled rejections. pg-boss 10 does not await its own bookkeeping
 * after a job (`complete` and `fail` in manager.js `work`): when the database restarts just then,
 * their rejection is unhandled, and Node ends the process on one. A rejection that says the
 * database cannot be reached is logged instead (that job stays active until it expires, then runs
 * again); any other still ends the process, as Node would.
 */
export function databaseAwayRejections(log: WarnLog): (reason: unknown) => void {
  return (reason) => {
    if (!isDatabaseUnreachable(reason)) throw reason;
    log.warn({ err: reason }, 'the database could not be reached by work nobody awaited (the job queue’s bookkeeping)');
  };
}

/**
 * Runs `work`, and again every `everyMs` while it fails because the database cannot be reached,
 * for `forMs` at most (a restart takes seconds); any other failure, or the last one, is thrown.
 * For work nobody waits on (a job): a mail job whose message the mail server took records it
 * sent once the database is back, rather than failing and sending it again.
 */
export async function whenDatabaseAnswers<T>(work: () => Promise<T>, { everyMs = 1_000, forMs = 60_000 } = {}): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() - started + everyMs > forMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}
