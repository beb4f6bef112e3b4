import type { FastifyRequest, FastifyServerOptions, LogLevel } from 'fastify';

/**
 * The request log without what staff typed or were sent (security issue, row 13). Fastify logs
 * each request's URL with its query: a name search (`/api/students?full_name_i_cont_all[]=maria`)
 * wrote the names of people looked for into the server log, and a welcome link
 * (`/idp/welcome/<token>`) a way to set someone's password. The log keeps the path and the NAMES
 * of the query's parameters, each value replaced by `…`: which list, filters and order a slow or
 * failing request used is still there, and no value is. Naming the harmless parameters instead
 * (page, sort) would have to follow every endpoint's query, and one miss writes names again.
 */

/** Put in the place of every value left out. */
export const omitted = '…';

/**
 * Paths that carry a secret, with the part before it: the welcome link's single-use token
 * (auth/welcome-link.ts's welcomePath, which core/ may not import; test/request-log.test.ts ties
 * the two). The login form's interaction id is not one: it works only with its cookie.
 */
const secretInPath = /(\/idp\/welcome\/)[^/?#\s"\\]+/g;

/** A query's parameters with their values left out; a parameter without a value is a name. */
const queryNames = (query: string) => query.replace(/=[^&]*/g, `=${omitted}`);

/** A request's URL as the log writes it: its path, secrets out, and its query's parameter names. */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = (mark === -1 ? url : url.slice(0, mark)).replace(secretInPath, `$1${omitted}`);
  return mark === -1 ? path : `${path}?${queryNames(url.slice(mark + 1))}`;
}

/**
 * Every line as it is written, whatever wrote it: Fastify's own messages name the URL as it came
 * ('Route GET:/x?… not found', 'Reply was already sent … in the "/x?…" route'), an error's message
 * and stack may, and a mail error may quote a welcome link. A query there ends at a space, a quote
 * or the backslash of an escaped one; its parameter names stay, as in `loggedUrl`.
 */
export const withoutSecrets = (line: string) =>
  line
    .replace(secretInPath, `$1${omitted}`)
    .replace(/(\/[^\s"\\?#]*)\?([^\s"\\#]*)/g, (_match, path: string, query: string) => `${path}?${queryNames(query)}`);

/** Drizzle's error for a failed query (DrizzleQueryError) keeps its parameters, a searched name among them. */
type FailedQuery = Error & { query: string; params: unknown[] };
const isFailedQuery = (value: unknown): value is FailedQuery =>
  value instanceof Error && typeof (value as FailedQuery).query === 'string' && Array.isArray((value as FailedQuery).params);

/** The same failure, its message and stack without the values (it says how many there were). */
class FailedQueryLogged extends Error {}
function withoutParameters(error: FailedQuery): Error {
  // Drizzle's message is `Failed query: ${query}\nparams: ${params}`, the array joined by commas.
  const said = `\nparams: ${String(error.params)}`;
  const instead = `\nparams: ${error.params.length} ${omitted}`;
  const copy = new FailedQueryLogged(error.message.replace(said, instead), { cause: error.cause });
  copy.stack = error.stack?.replace(said, instead);
  return copy;
}

/** One argument of a log call, a failed query in it (as itself or as `{ err }`) without its values. */
function withoutQueryValues(arg: unknown): unknown {
  if (isFailedQuery(arg)) return withoutParameters(arg);
  if (!arg || typeof arg !== 'object' || arg instanceof Error || !Object.values(arg).some(isFailedQuery)) return arg;
  return Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, isFailedQuery(value) ? withoutParameters(value) : value]));
}

/** Fastify's logger options: its own and pino's. */
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The `logger` option of the app's Fastify (app.ts). The request's fields are Fastify's own
 * (method, url, host, remoteAddress, remotePort), the URL as `loggedUrl` writes it, without the
 * Accept-Version header (no route has versions); its other headers, cookies and body are not
 * logged, as by default.
 */
export function requestLog(level: LogLevel): LoggerOptions {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map(withoutQueryValues) as Parameters<typeof method>);
      },
      streamWrite: withoutSecrets,
    },
  };
}
