import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig } from 'vite';
import { endpointsWithoutSchemas } from './build-plugins/endpoints-without-schemas.ts';
import { firstPaintChunks } from './build-plugins/first-paint-chunks.ts';
import { landingPageHtml } from './build-plugins/landing-pages.ts';
import { compiledMessages } from './build-plugins/messages.ts';
import { offlineShell } from './build-plugins/offline-shell.ts';
import { precompress } from './build-plugins/precompress.ts';

// The API server the dev server proxies to; another port with SRS_API_URL.
const api = process.env.SRS_API_URL ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: api, changeOrigin: false },
  '/idp': { target: api, changeOrigin: false },
};

const app: InlineConfig = {
  root: import.meta.dirname,
  plugins: [react(), endpointsWithoutSchemas(), compiledMessages()],
  // The workspace holds two copies of some Mantine packages: one React context each would break.
  resolve: { dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks', '@mantine/dates', '@mantine/modals'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // packages/shared declares schemas and rules, nothing that runs on import, and zod's builders
      // only build: a schema a page does not use is left out of its scripts.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
        manualPureFunctions: ['z'],
      },
    },
  },
};

/** Every Spanish catalogue in one file, fetched only by those who read Spanish (src/i18n/load.ts). */
const spanishTogether = {
  name: (id: string) => (/[\\/]locales[\\/][a-z-]+\.es\.json(\.js)?$/.test(id) ? 'messages-es' : null),
};

export default defineConfig(async ({ command }) => {
  if (command !== 'build') return { ...app, server: { proxy }, preview: { proxy } };
  return {
    ...app,
    // offlineShell writes sw.js once the build's files are written (writeBundle), precompress its
    // twins after (closeBundle).
    plugins: [...(app.plugins ?? []), landingPageHtml(app), offlineShell(), precompress()],
    build: {
      ...app.build,
      rolldownOptions: {
        ...app.build?.rolldownOptions,
        output: { codeSplitting: { groups: [spanishTogether, await firstPaintChunks(app, app.root ?? '.')] } },
      },
    },
  };
});
