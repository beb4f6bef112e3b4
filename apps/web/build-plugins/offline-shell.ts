import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The worker's source, a readable template (docs/decisions/028-offline-shell.md). */
export const workerTemplate = path.join(import.meta.dirname, 'service-worker.js');

/** The kinds of file the app may need offline: scripts, style sheets, fonts, pictures, the manifest. */
const offlineKinds = /\.(?:js|css|woff2?|ttf|otf|svg|png|webp|avif|jpe?g|gif|ico|webmanifest)$/;

/**
 * The files of a build (paths relative to dist/, with '/') that the worker keeps, as URL paths,
 * sorted: every script, style sheet, font and picture, the manifest, and index.html, the app's
 * generic page. Not the source maps, nor the .br/.gz twins (the browser decodes what it is sent),
 * nor pages/*.html (each is one language's and one session's landing page: the server chooses
 * among them), nor Vite's own records (.vite/), nor the worker itself.
 */
export function precacheList(files: readonly string[]): string[] {
  const kept = files.filter(
    (file) =>
      file === 'index.html' ||
      (offlineKinds.test(file) && !file.startsWith('.vite/') && !file.startsWith('pages/') && file !== 'sw.js'),
  );
  return kept.map((file) => `/${file}`).sort();
}

/** The worker with a release's values in place: its files and their hash. */
export function workerSource(template: string, precache: readonly string[], version: string): string {
  const put = (source: string, placeholder: string, value: unknown) => {
    if (source.split(placeholder).length !== 2) throw new Error(`The service worker's template must hold ${placeholder} once`);
    return source.replace(placeholder, () => JSON.stringify(value));
  };
  return put(put(template, "['__SRS_PRECACHE__']", precache), "'__SRS_VERSION__'", version);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/**
 * dist/sw.js, the service worker of issue 30: the app opens without a signal once it has been
 * opened, and a new release is offered with a 'New version' notice (src/app/service-worker.ts).
 * Written once the build's files are all in dist/ (the bundle, public/, the landing pages), from
 * what is there; precompress's closeBundle, which comes after, then writes its twins.
 */
export function offlineShell(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'srs-offline-shell',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async writeBundle() {
      const precache = precacheList(await filesUnder(outDir));
      const template = await readFile(workerTemplate, 'utf8');
      // The hash of the files' names and contents and of the worker's own code: a release that
      // changes any of them is a new worker, which the browser finds at its next check.
      const hash = createHash('sha256').update(template);
      let bytes = 0;
      for (const url of precache) {
        const content = await readFile(path.join(outDir, url));
        bytes += content.length;
        hash.update(`\0${url}\0`).update(content);
      }
      const version = hash.digest('hex').slice(0, 16);
      await writeFile(path.join(outDir, 'sw.js'), workerSource(template, precache, version));
      log(`sw.js: ${precache.length} files kept for offline use, ${(bytes / 1024).toFixed(0)} kB (version ${version})`);
    },
  };
}
