import path from 'node:path';
import type { InlineConfig, Rolldown } from 'vite';
import { buildInMemory } from './prerender.ts';
import { appSteps, landingPages } from './landing-pages.ts';

type Chunk = Rolldown.OutputChunk;

/** The chunks a chunk loads at once: itself and its static imports, transitively. */
function staticClosure(start: Chunk | undefined, chunks: Map<string, Chunk>): Set<Chunk> {
  const found = new Set<Chunk>();
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || found.has(chunk)) return;
    found.add(chunk);
    for (const imported of chunk.imports) visit(chunks.get(imported));
  };
  visit(start);
  return found;
}

/**
 * Which chunk each module of a landing page's first paint goes to, read from a first build split
 * as Rolldown chooses: the app itself to a chunk per step of its start ('app-start', 'app-router',
 * … : what a step loads that an earlier one did not), what two landing pages share to
 * 'first-paint', a page's own modules to the first of its chunks that loads them.
 * Modules of other pages are left out.
 */
async function planFrom(config: InlineConfig, root: string): Promise<Map<string, string>> {
  // Only the split matters here.
  const chunks = new Map((await buildInMemory(config, { build: {} })).map((chunk) => [chunk.fileName, chunk]));
  const all = [...chunks.values()];
  const chunkOf = (module: string) => {
    const chunk = all.find((candidate) => candidate.moduleIds.includes(path.resolve(root, module)));
    if (!chunk) throw new Error(`No chunk for ${module}`);
    return chunk;
  };
  // Per step of the app's start, the chunks it loads at once that no earlier step loaded.
  const steps: Array<{ name: string; chunks: Set<Chunk> }> = [];
  const app = new Set<Chunk>();
  for (const module of appSteps) {
    const step = new Set([...staticClosure(chunkOf(module), chunks)].filter((chunk) => !app.has(chunk)));
    for (const chunk of step) app.add(chunk);
    steps.push({ name: `app-${path.basename(module, path.extname(module))}`, chunks: step });
  }
  const closureOf = (module: string) => {
    const ids = new Set<string>();
    for (const chunk of staticClosure(chunkOf(module), chunks)) {
      if (!app.has(chunk)) for (const id of chunk.moduleIds) ids.add(id);
    }
    return ids;
  };
  // Per page, its chunks in order, each with the modules its route module loads at once.
  const pages = landingPages.map((page) =>
    Object.entries(page.chunks).map(([name, module]) => ({ name, ids: closureOf(module) })),
  );
  const plan = new Map<string, string>();
  // The app itself, a file per step (the entry, main.tsx, stays apart: it is what paints first).
  for (const step of steps) {
    for (const chunk of step.chunks) if (!chunk.isEntry) for (const id of chunk.moduleIds) plan.set(id, step.name);
  }
  for (const id of new Set(pages.flat().flatMap((chunk) => [...chunk.ids]))) {
    const owners = pages.map((page) => page.find((chunk) => chunk.ids.has(id))).filter((chunk) => chunk !== undefined);
    const name = owners.length > 1 ? 'first-paint' : (owners[0]?.name ?? 'first-paint');
    // Libraries apart from the app's own code, zod apart from the rest: no file of more than 50 kB gzip.
    if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) plan.set(id, 'zod');
    else plan.set(id, /[\\/]node_modules[\\/]/.test(id) ? `${name}-lib` : name);
  }
  return plan;
}

/**
 * Each landing page's first paint in a few files rather than dozens of small shared chunks: over
 * HTTP/1.1 a browser opens six connections to a host and every file costs a round trip on one.
 * A module another page also uses stays in its landing page's chunk (the shell's is loaded by
 * every signed-in page anyway); all other modules are split as Rolldown chooses.
 */
export async function firstPaintChunks(config: InlineConfig, root: string): Promise<Rolldown.CodeSplittingGroup> {
  const plan = await planFrom(config, root);
  return {
    debugName: 'first-paint',
    // A module's dependencies go where the plan puts them, not with the module.
    includeDependenciesRecursively: false,
    name: (id) => plan.get(id) ?? null,
  };
}
