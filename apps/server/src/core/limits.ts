import { isIPv6 } from 'node:net';
import type { FastifyReply } from 'fastify';
import type { Count } from './counters.ts';
import { HttpError } from './errors.ts';

/**
 * A limit a service counts itself (core/counters.ts) is reached: 429 and a sentence in the one
 * error shape ({ error }), like the answer of @fastify/rate-limit on the routes it limits. Services
 * count themselves where the plugin cannot: after a key is verified, or only for some outcomes.
 */
export class LimitReached extends HttpError {
  constructor(
    message: string,
    readonly count: Count,
  ) {
    super(429, message);
  }
}

/** Runs a route's work; a LimitReached leaves with Retry-After in whole seconds, as the plugin sends it. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LimitReached) reply.header('retry-after', Math.max(1, Math.ceil(error.count.ttlMs / 1000)));
    throw error;
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
