import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseRateLimitStore } from '../core/rate-limit-store.ts';
import type { Db } from '../db/client.ts';

async function securityPlugin(
  app: FastifyInstance,
  { db, secure, providerOrigin, trustsProxy }: { db: Db; secure: boolean; providerOrigin: string; trustsProxy: boolean },
) {
  // Behind a proxy with TRUST_PROXY unset every client counts as the proxy's address, so one
  // person's wrong passwords limit everyone: said once in the log, where an operator looks.
  let warned = trustsProxy;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      'Requests carry X-Forwarded-For but TRUST_PROXY is not set: every client counts as the address of the proxy in front, and the limits per address apply to everyone together. Set TRUST_PROXY (docs/security.md).',
    );
  });
  await app.register(helmet, {
    // No inline script anywhere; Mantine injects style tags, so styles allow inline.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The sign-in form redirects to the identity provider.
        formAction: ["'self'", providerOrigin],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    hsts: secure,
    crossOriginEmbedderPolicy: false,
  });
  // Only routes that opt in (sign-in) are limited; counters live in the database.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) as never });
}

export const security = fp(securityPlugin, { name: 'security' });
