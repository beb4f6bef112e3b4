import { isIPv6 } from 'node:net';
import { HttpError, type Spoken } from './errors.ts';

/**
 * A limit a service counts itself (core/counters.ts, auth/sign-in-failures.ts) is reached: 429 and
 * a sentence in the one error shape ({ error }), with Retry-After in whole seconds (the error
 * handler, plugins/errors.ts), like the answer of @fastify/rate-limit on the routes it limits.
 * Services count themselves where the plugin cannot: after a key is verified, or only for some outcomes.
 */
export class LimitReached extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, waitMs: number, spoken?: Spoken) {
    super(429, message, undefined, spoken);
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/**
 * What a client is counted by: an IPv4 address as is; an IPv6 address by its /64, which one
 * subscriber usually holds whole (counting each of its addresses would be no limit at all). The
 * same grouping as @fastify/rate-limit's, without its dependency.
 */
export function clientAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  // A dotted IPv4 tail (64:ff9b::192.0.2.1) stands for two groups.
  const width = left.length + right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - width).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}
