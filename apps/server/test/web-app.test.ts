import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from '../src/plugins/web-app.ts';

/** A build as apps/web's vite build writes it: each text file with its brotli and gzip twins. */
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const html = (preloads: string) =>
  `<!doctype html><html lang="en"><head><title>Student Records System</title>${preloads}</head><body><div id="root"></div></body></html>`;
const page = html('');
// The build's copies of index.html for the pages people land on (apps/web/build-plugins/landing-pages.ts).
const loginPage = html('<link rel="modulepreload" href="/assets/login-Qr12St34.js">');
const dashboardPage = html('<link rel="modulepreload" href="/assets/app-shell-Uv56Wx78.js">');
// The same pages written in Spanish (docs/decisions/027).
const loginPageEs = loginPage.replace('lang="en"', 'lang="es-US"');
const dashboardPageEs = dashboardPage.replace('lang="en"', 'lang="es-US"');

const workerScript = `self.addEventListener('fetch', () => {}); // ${'x'.repeat(400)}\n`;
const manifest = JSON.stringify({ name: 'Student Records System', start_url: '/', display: 'standalone' });

function writeWithTwins(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (body) => body,
};

describe('the web app is served precompressed', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'srs-web-app-'));
    mkdirSync(path.join(root, 'assets'));
    writeWithTwins(path.join(root, 'index.html'), page);
    mkdirSync(path.join(root, 'pages'));
    writeWithTwins(path.join(root, 'pages/login.html'), loginPage);
    writeWithTwins(path.join(root, 'pages/index.html'), dashboardPage);
    writeWithTwins(path.join(root, 'pages/login.es.html'), loginPageEs);
    writeWithTwins(path.join(root, 'pages/index.es.html'), dashboardPageEs);
    writeWithTwins(path.join(root, 'assets/main-Ab12Cd34.js'), script);
    writeFileSync(path.join(root, 'assets/mark-Ef56Gh78.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The installable app's files (docs/decisions/028).
    writeWithTwins(path.join(root, 'sw.js'), workerScript);
    writeFileSync(path.join(root, 'manifest.webmanifest'), manifest);
    app = Fastify();
    await app.register(webApp, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    // What Chromium sends: brotli, the smallest.
    ['gzip, deflate, br, zstd', 'br'],
    [undefined, 'identity'],
    ['identity', 'identity'],
  ])('sends a script asked for with accept-encoding %s as %s, cached for good', async (accept, encoding) => {
    const response = await get('/assets/main-Ab12Cd34.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const decode = decoders[encoding];
    expect(decode?.(response.rawPayload).toString()).toBe(script);
    if (encoding !== 'identity') expect(response.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends a file that has no twin as it is', async () => {
    const response = await get('/assets/mark-Ef56Gh78.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toContain('<svg');
  });

  it.each(['br', 'gzip', undefined])('sends the service worker always fresh (accept-encoding %s)', async (accept) => {
    // A browser learns of a new release by fetching sw.js again: no cache may keep an old one.
    const response = await get('/sw.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoders[accept ?? 'identity']?.(response.rawPayload).toString()).toBe(workerScript);
  });

  it('sends the manifest as a web app manifest', async () => {
    const response = await get('/manifest.webmanifest', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(response.body)).toMatchObject({ display: 'standalone' });
  });

  it.each(['br', 'gzip', undefined])('answers 404 for a script that is not there (accept-encoding %s)', async (accept) => {
    const response = await get('/assets/gone-Zz99Yy88.js', accept);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    ['/students/12/enrollments', 'br', page],
    ['/students', 'gzip', page],
    ['/courses?page=2', undefined, page],
    ['/', 'br', dashboardPage],
    ['/login', 'gzip', loginPage],
    ['/login?message=Signed%20out', 'br', loginPage],
    ['/login/elsewhere', 'br', page],
  ])('answers the app route %s with its page, never cached stale (accept-encoding %s)', async (url, accept, expected) => {
    const response = await get(url, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe(accept);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decoders[accept ?? 'identity']?.(response.rawPayload).toString()).toBe(expected);
  });

  it.each([
    ['/login', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' }, loginPageEs],
    ['/', { 'accept-language': 'es' }, dashboardPageEs],
    ['/login', { 'accept-language': 'en-US,es;q=0.8' }, loginPage],
    // The language the app last drew in on this browser wins over the browser's.
    ['/login', { 'accept-language': 'es-MX', cookie: 'a=1; srs_language=en' }, loginPage],
    ['/', { 'accept-language': 'en-US', cookie: 'srs_language=es' }, dashboardPageEs],
    // A page written in one language only is sent in it.
    ['/students', { 'accept-language': 'es' }, page],
  ])('answers %s in the language asked for (%o)', async (url, headers, expected) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', ...headers } });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toMatch(/accept-language/i);
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(expected);
  });

  it('sends index.html for app routes when the build has no landing pages', async () => {
    rmSync(path.join(root, 'pages'), { recursive: true });
    const response = await get('/login', 'br');
    expect(response.statusCode).toBe(200);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });
});
