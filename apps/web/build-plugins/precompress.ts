import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(?:html|js|mjs|css|svg|json|txt|xml)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function writeTwins(file: string) {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    toBrotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    toGzip(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Every text file of the build gets its brotli (.br) and gzip (.gz) twin, compressed once at the
 * highest level, which the server sends to browsers that accept them (apps/server's
 * plugins/web-app.ts). A twin that would not be smaller is not written: the server then sends
 * the file itself. Vite's manifest (.vite/) is for the build tools, never served.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'srs-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const served = (file: string) => compressible.test(file) && !file.includes(`${path.sep}.vite${path.sep}`);
      await Promise.all((await filesUnder(outDir)).filter(served).map(writeTwins));
    },
  };
}
