import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rootDir } from '../env.ts';

export const webDistDir = path.join(rootDir, 'apps/web/dist');

/**
 * Serves the built web app on the same port as the API. Any path that is not a file or an API
 * route gets index.html; the web router sends unknown paths to /login (SPEC section 2).
 */
async function webAppPlugin(app: FastifyInstance) {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // New builds are served without a restart; a missing file falls through to the handler below.
      wildcard: true,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // A folder path ('/') is never a file: the static plugin would answer 403, so it gets the app.
  if (hasBuild) app.get('/', { config: { public: true }, schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  // Browsers ask for /favicon.ico on pages that name no icon (the built-in provider's sign-in page).
  app.get('/favicon.ico', { config: { public: true }, schema: { hide: true } }, (_request, reply) =>
    reply.redirect('/favicon.svg', 301),
  );
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A missing script or asset (an old chunk after a deploy) is a 404, never index.html: the web
    // app then shows 'Loading chunk {n} failed' with a way to reload.
    const isFile = /\.[a-z0-9]+$/i.test(url) || url.startsWith('/assets/');
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/idp') || request.method !== 'GET' || isFile) {
      return reply.code(404).send({ error: 'Not Found' });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does this).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export const webApp = fp(webAppPlugin, { name: 'web-app' });
