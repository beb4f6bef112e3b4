import type { Plugin } from 'vite';

const endpointFile = /[\\/]packages[\\/]shared[\\/]src[\\/]endpoints[\\/](?!define\.ts$)[\w-]+\.ts$/;
const schemaValue = /\b(params|query|body|response):\s*[A-Z]\w*/g;

/**
 * The web calls the API through the endpoint descriptions of packages/shared, for their method,
 * path and types: it never reads their zod schemas at run time (the server validates). In the
 * web's build the schemas are left out of the descriptions, so that a page loads zod (about a
 * fifth of a landing page's script) only with a form that validates with it. Type checking
 * still reads the full descriptions.
 */
export function endpointsWithoutSchemas(): Plugin {
  return {
    name: 'srs-endpoints-without-schemas',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: endpointFile },
      handler(code) {
        return { code: code.replace(schemaValue, '$1: undefined'), map: null };
      },
    },
  };
}
