import { readFile } from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * A catalogue of the web app: `src/locales/<area>.<language>.json` (docs/decisions/027).
 * packages/shared's `shared.es.json` is not one: its keys are English texts, read as they are.
 */
const catalogue = /[\\/]locales[\\/](?!shared\.)[a-z-]+\.(en|es)\.json$/;
const compiled = '\0srs-messages:';

/**
 * Each catalogue's ICU messages compiled at build into what @lingui/core reads: the browser gets
 * no message parser (7 kB gzip), and a message that does not parse fails the build. The compiled
 * module's id ends in `.js`, so Vite's own JSON transform leaves it alone; TypeScript still types
 * the import from the JSON itself, key by key.
 */
export function compiledMessages(): Plugin {
  return {
    name: 'srs-compiled-messages',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!catalogue.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? `${compiled}${resolved.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(compiled)) return null;
      const file = id.slice(compiled.length, -'.js'.length);
      this.addWatchFile(file);
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const out: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          out[key] = compileMessage(message);
        } catch (error) {
          throw new Error(`${file}: the message "${key}" is not valid ICU: ${(error as Error).message}`);
        }
      }
      return `export default ${JSON.stringify(out)};`;
    },
  };
}
