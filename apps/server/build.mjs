// Bundles the server (with @srs/shared) into dist/server.js; packages stay in node_modules.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const shared = path.resolve(here, '../../packages/shared/src');

rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(here, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
  plugins: [
    {
      name: 'workspace-shared',
      setup(b) {
        b.onResolve({ filter: /^@srs\/shared\// }, (args) => ({
          path: path.join(shared, `${args.path.slice('@srs/shared/'.length)}.ts`),
        }));
      },
    },
  ],
});
cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
console.log('server built: apps/server/dist/server.js');
