import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type InlineConfig, type Rolldown } from 'vite';

/**
 * A build of the app's configuration held in memory (nothing written, nothing measured), with
 * `options` for what differs; its chunks. The first paint's split, the prerendered pages and the
 * classic scripts are each one.
 */
export async function buildInMemory(
  config: InlineConfig,
  options: { build: NonNullable<InlineConfig['build']>; ssr?: InlineConfig['ssr'] },
): Promise<Rolldown.OutputChunk[]> {
  const result = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    ...(options.ssr ? { ssr: options.ssr } : {}),
    build: {
      ...config.build,
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      minify: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
      ...options.build,
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((output) => output.output).filter((output) => output.type === 'chunk');
}

/**
 * Renders a page to HTML at build time: `module` (a file of src/) is built for Node and its
 * `render` export called with `args` (and awaited). Libraries stay in node_modules; packages/shared, plain TypeScript, is
 * bundled in.
 */
export async function prerender(config: InlineConfig, module: string, render: string, ...args: unknown[]): Promise<string> {
  const root = config.root ?? '.';
  const chunks = await buildInMemory(config, {
    ssr: { noExternal: ['@srs/shared'] },
    build: { ssr: path.resolve(root, module) },
  });
  // In the app's own node_modules, so that the libraries resolve as they do for the app; a folder
  // of its own, for builds running side by side.
  const dir = await mkdtemp(path.resolve(root, 'node_modules/.srs-prerender-'));
  try {
    for (const chunk of chunks) {
      await mkdir(path.dirname(path.join(dir, chunk.fileName)), { recursive: true });
      await writeFile(path.join(dir, chunk.fileName), chunk.code);
    }
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (!entry) throw new Error(`Prerendering ${module} gave no entry`);
    const exports = (await import(pathToFileURL(path.join(dir, entry.fileName)).href)) as Record<string, unknown>;
    const renderPage = exports[render];
    if (typeof renderPage !== 'function') throw new Error(`${module} exports no function ${render}`);
    return String(await (renderPage as (...values: unknown[]) => unknown)(...args));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A file of src/ as one classic script (no imports, run where it stands in the page), minified:
 * for what a page does before it paints. The app's plugins apply (the endpoints without schemas).
 */
export async function classicScript(config: InlineConfig, module: string): Promise<string> {
  const root = config.root ?? '.';
  const chunks = await buildInMemory(config, {
    build: { minify: true, lib: { entry: path.resolve(root, module), formats: ['iife'], name: 'srsFirst' } },
  });
  const [script] = chunks;
  if (!script || chunks.length !== 1) throw new Error(`${module} did not build into one script`);
  return script.code;
}
