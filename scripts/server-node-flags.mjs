// The node flags of a production start of the server (`npm start`), one home for scripts/start.mjs
// and the benchmarks, which measure the server as it is started. The heap is capped at 1 GB
// (docs/decisions/026) unless NODE_OPTIONS sets its own: under that cap V8 collects when the heap
// has grown some 1.6 times what is live, not 4 times, so an import of 50,000 rows (some 125 MB
// live) grows the process by about 150 MB, not 400.
export const serverHeapMb = 1024;

/** @param {string | undefined} nodeOptions @returns {string[]} */
export function serverNodeFlags(nodeOptions) {
  const heap = (nodeOptions ?? '').includes('--max-old-space-size') ? [] : [`--max-old-space-size=${serverHeapMb}`];
  return [...heap, '--enable-source-maps'];
}
