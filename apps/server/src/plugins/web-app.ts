import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isLanguage, type Language, preferredLanguage } from '@srs/shared/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rootDir } from '../env.ts';

export const webDistDir = path.join(rootDir, 'apps/web/dist');

/** root: the built web app (a test serves its own). */
export type WebAppOptions = { root?: string };

/**
 * The page for an app route: the build's own copy of index.html for a page people land on
 * (pages/login.html for /login, pages/index.html for /: it asks for that page's scripts at once),
 * or index.html.
 */
function htmlFor(root: string, url: string, language: Language): string {
  const name = url === '/' ? 'index' : url.slice(1);
  if (!/^[a-z0-9-]+$/.test(name)) return 'index.html';
  const inLanguage = `pages/${name}.${language}.html`;
  if (language !== 'en' && existsSync(path.join(root, inLanguage))) return inLanguage;
  const page = `pages/${name}.html`;
  return existsSync(path.join(root, page)) ? page : 'index.html';
}

/** dist/sw.js, or one of its twins. */
const isWorker = (root: string, filePath: string) => /^sw\.js(?:\.br|\.gz)?$/.test(path.relative(root, filePath));

/**
 * The language a page is drawn in before the app runs (a landing page is written at build time in
 * each, docs/decisions/027): the one the app last drew in on this browser (its cookie), else the
 * browser's.
 */
function pageLanguage(request: FastifyRequest): Language {
  const cookie = /(?:^|;\s*)srs_language=(en|es)(?:;|$)/.exec(request.headers.cookie ?? '')?.[1];
  return isLanguage(cookie) ? cookie : preferredLanguage(request.headers['accept-language']);
}

/** A page chosen by language: caches keep one per language. */
function sendPage(root: string, request: FastifyRequest, reply: FastifyReply, url: string) {
  reply.header('vary', 'accept-language, cookie');
  return reply.sendFile(htmlFor(root, url, pageLanguage(request)));
}

/**
 * Serves the built web app on the same port as the API. Any path that is not a file or an API
 * route gets index.html; the web router sends unknown paths to /login (SPEC section 2).
 */
async function webAppPlugin(app: FastifyInstance, { root = webDistDir }: WebAppOptions) {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // New builds are served without a restart; a missing file falls through to the handler below.
      wildcard: true,
      index: false,
      // The build writes a brotli and a gzip twin of each text file (apps/web/build-plugins): the
      // one the browser accepts is sent as it is, with content-encoding and vary: accept-encoding.
      preCompressed: true,
      // filePath is the file sent, the twin included (index.html.br).
      setHeaders: (res, filePath) => {
        // Hashed assets never change; the pages (index.html) and the service worker (sw.js, whose
        // change is how a browser learns of a new release: docs/decisions/028) must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/\.html(?:\.br|\.gz)?$/.test(filePath) || isWorker(root, filePath)) res.header('cache-control', 'no-cache');
      },
    });
  }
  // A folder path ('/') is never a file: the static plugin would answer 403, so it gets the app.
  if (hasBuild) {
    app.get('/', { config: { public: true }, schema: { hide: true } }, (request, reply) => sendPage(root, request, reply, '/'));
  }
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
    return sendPage(root, request, reply, url);
  });
}

export const webApp = fp(webAppPlugin, { name: 'web-app' });
