import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineShell, precacheList, workerSource, workerTemplate } from '../build-plugins/offline-shell.ts';

// Issue 30: the app opens without a signal once it has been opened (docs/decisions/028). The build
// writes dist/sw.js with the files it keeps; the worker answers from them.

/** A build's files as dist/ holds them when the worker is written (before precompress's twins). */
const built = [
  'index.html',
  'pages/index.html',
  'pages/index.es.html',
  'pages/login.html',
  'pages/login.es.html',
  'assets/main-Ab12.js',
  'assets/main-Ab12.js.map',
  'assets/app-router-Cd34.js',
  'assets/app-router-Cd34.js.br',
  'assets/app-router-Cd34.js.gz',
  'assets/index-Ef56.css',
  'assets/dashboard-first-Gh78.js',
  'assets/inter-Ij90.woff2',
  'favicon.svg',
  'manifest.webmanifest',
  'icons/any-192.png',
  'icons/apple-touch-icon.png',
  'backgrounds/dawn.svg',
  '.vite/manifest.json',
  '.vite/landing-pages.json',
  'sw.js',
];

describe('the files the worker keeps', () => {
  const list = precacheList(built);

  it('are the page, every script, style sheet and font, the manifest and the pictures', () => {
    expect(list).toEqual([
      '/assets/app-router-Cd34.js',
      '/assets/dashboard-first-Gh78.js',
      '/assets/index-Ef56.css',
      '/assets/inter-Ij90.woff2',
      '/assets/main-Ab12.js',
      '/backgrounds/dawn.svg',
      '/favicon.svg',
      '/icons/any-192.png',
      '/icons/apple-touch-icon.png',
      '/index.html',
      '/manifest.webmanifest',
    ]);
  });

  it('leave out the maps, the .br/.gz twins, the landing pages, the build records and the worker', () => {
    expect(list.filter((url) => /\.(?:map|br|gz)$|^\/pages\/|^\/\.vite\/|^\/sw\.js$/.test(url))).toEqual([]);
  });
});

describe('the offline shell plugin', () => {
  let dist: string;
  const write = (file: string, content = file) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  };
  /** Runs the plugin's hooks as Vite does on a build into `dist`; the worker it wrote. */
  async function build(): Promise<string> {
    const plugin = offlineShell();
    const logger = { info: vi.fn() };
    const call = (hook: unknown, ...args: unknown[]) => (hook as (...values: unknown[]) => unknown).call({}, ...args);
    call(plugin.configResolved, { root: dist, build: { outDir: '.' }, logger });
    await call(plugin.writeBundle);
    return readFileSync(path.join(dist, 'sw.js'), 'utf8');
  }
  const versionOf = (worker: string) => /const version = "([0-9a-f]+)";/.exec(worker)?.[1];
  const listOf = (worker: string) => JSON.parse(/const precache = (\[.*\]);/.exec(worker)?.[1] ?? 'null') as string[];

  beforeEach(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'srs-offline-shell-'));
    for (const file of built.filter((name) => name !== 'sw.js')) write(file);
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('writes dist/sw.js with the files of the build as they are in dist/', async () => {
    const worker = await build();
    expect(listOf(worker)).toEqual(precacheList(built));
    expect(versionOf(worker)).toMatch(/^[0-9a-f]{16}$/);
    expect(worker).not.toContain('__SRS_');
  });

  it('gives the worker a new version when a kept file changes, and only then', async () => {
    const first = versionOf(await build());
    expect(versionOf(await build())).toBe(first);
    // Not kept: no new release for the browser to fetch.
    write('pages/login.html', 'another landing page');
    expect(versionOf(await build())).toBe(first);
    // The manifest's name has no hash: its content makes the version.
    write('manifest.webmanifest', '{"name":"Student Records System"}');
    expect(versionOf(await build())).not.toBe(first);
  });
});

type Listener = (event: Record<string, unknown>) => void;
type FakeResponse = { ok: boolean; body: string };

/** dist/sw.js run as a browser runs it, with a fake network and Cache Storage. */
function runWorker(precache: string[], network: (url: string) => Promise<FakeResponse>) {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, FakeResponse>>();
  const origin = 'https://records.test';
  const pathOf = (url: string) => new URL(url, origin).pathname;
  const fetched: Array<{ url: string; cache?: string }> = [];
  const fetch = (request: string | { url: string; cache?: string }) => {
    const url = typeof request === 'string' ? request : request.url;
    fetched.push(typeof request === 'string' ? { url } : request);
    return network(new URL(url, origin).href);
  };
  const caches = {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, FakeResponse>();
      stores.set(name, store);
      return {
        async addAll(requests: Array<{ url: string; cache: string }>) {
          const responses = await Promise.all(requests.map((request) => fetch(request)));
          if (responses.some((response) => !response.ok)) throw new TypeError('addAll: a request failed');
          requests.forEach((request, index) => store.set(pathOf(request.url), responses[index]!));
        },
        async match(key: string) {
          return store.get(pathOf(key));
        },
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  class Request {
    url: string;
    cache: string;
    constructor(url: string, init: { cache: string }) {
      this.url = url;
      this.cache = init.cache;
    }
  }
  const self = {
    location: new URL(origin),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => {}),
    clients: { claim: vi.fn(async () => {}) },
  };
  const source = workerSource(readFileSync(workerTemplate, 'utf8'), precache, 'v2');
  vm.runInNewContext(source, { self, caches, fetch, Request, URL, Promise, Set });

  /** Dispatches an event; what the worker waited on or answered with. */
  async function dispatch(type: string, fields: Record<string, unknown> = {}) {
    let answer: Promise<unknown> | undefined;
    const event = {
      ...fields,
      waitUntil: (promise: Promise<unknown>) => {
        answer = promise;
      },
      respondWith: (promise: Promise<unknown>) => {
        answer = promise;
      },
    };
    listeners.get(type)?.(event);
    return { answered: answer !== undefined, value: await answer };
  }
  const request = (url: string, { method = 'GET', mode = 'cors' } = {}) => ({ request: { url: new URL(url, origin).href, method, mode } });
  return { self, stores, fetched, dispatch, request };
}

describe('the service worker', () => {
  const precache = ['/assets/main-Ab12.js', '/index.html', '/manifest.webmanifest'];
  const online = async (url: string): Promise<FakeResponse> => ({ ok: true, body: `network ${new URL(url).pathname}` });
  const offline = async (): Promise<FakeResponse> => {
    throw new TypeError('Failed to fetch');
  };

  it('keeps every file of its release on install, hashed names through the HTTP cache, the rest fresh', async () => {
    const worker = runWorker(precache, online);
    await worker.dispatch('install');
    expect([...(worker.stores.get('srs-shell-v2')?.keys() ?? [])].sort()).toEqual(precache);
    expect(worker.fetched.map(({ url, cache }) => [url, cache])).toEqual([
      ['/assets/main-Ab12.js', 'default'],
      ['/index.html', 'reload'],
      ['/manifest.webmanifest', 'reload'],
    ]);
    // A new release waits for the person's Reload.
    expect(worker.self.skipWaiting).not.toHaveBeenCalled();
  });

  it('fails its install when a file cannot be fetched: the browser keeps the worker it had', async () => {
    const worker = runWorker(precache, async (url) => ({ ok: !url.endsWith('.webmanifest'), body: '' }));
    await expect(worker.dispatch('install')).rejects.toThrow();
  });

  it("drops its own earlier releases' caches on activate, never another cache, and takes charge of the open pages", async () => {
    const worker = runWorker(precache, online);
    for (const name of ['srs-shell-v1', 'srs-shell-v2', 'srs-offline-data']) worker.stores.set(name, new Map());
    await worker.dispatch('activate');
    expect([...worker.stores.keys()].sort()).toEqual(['srs-offline-data', 'srs-shell-v2']);
    expect(worker.self.clients.claim).toHaveBeenCalled();
  });

  it("lets a waiting release take over when the page's Reload asks", async () => {
    const worker = runWorker(precache, online);
    await worker.dispatch('message', { data: { type: 'something else' } });
    expect(worker.self.skipWaiting).not.toHaveBeenCalled();
    await worker.dispatch('message', { data: { type: 'SKIP_WAITING' } });
    expect(worker.self.skipWaiting).toHaveBeenCalled();
  });

  it.each([
    ['the API', '/api/students?page=1', {}],
    ['the API root', '/api', {}],
    ['a page of the API opened in a tab (an export)', '/api/exports/students.csv', { mode: 'navigate' }],
    ['the built-in sign-in', '/idp/auth?client_id=web', { mode: 'navigate' }],
    ['a write', '/index.html', { method: 'POST' }],
    ['a file not kept', '/assets/main-Ab12.js.map', {}],
    ['another origin', 'https://elsewhere.test/assets/main-Ab12.js', {}],
  ])('leaves %s to the browser', async (_name, url, options) => {
    const worker = runWorker(precache, online);
    await worker.dispatch('install');
    expect((await worker.dispatch('fetch', worker.request(url, options))).answered).toBe(false);
  });

  it('answers a kept file from the cache, without the network', async () => {
    const worker = runWorker(precache, online);
    await worker.dispatch('install');
    worker.fetched.length = 0;
    const { value } = await worker.dispatch('fetch', worker.request('/assets/main-Ab12.js'));
    expect(value).toEqual({ ok: true, body: 'network /assets/main-Ab12.js' });
    expect(worker.fetched).toEqual([]);
  });

  it('answers a page from the network while there is one', async () => {
    const worker = runWorker(precache, online);
    await worker.dispatch('install');
    const { value } = await worker.dispatch('fetch', worker.request('/login', { mode: 'navigate' }));
    expect(value).toEqual({ ok: true, body: 'network /login' });
  });

  it("answers any page with the app's own page when there is no network", async () => {
    let network = online;
    const worker = runWorker(precache, (url) => network(url));
    await worker.dispatch('install');
    network = offline;
    for (const url of ['/', '/login', '/students/12/enrollments?tab=2']) {
      const { value } = await worker.dispatch('fetch', worker.request(url, { mode: 'navigate' }));
      expect(value).toEqual({ ok: true, body: 'network /index.html' });
    }
  });
});
