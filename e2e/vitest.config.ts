import { defineConfig } from 'vitest/config';
import { compiledMessages } from '../apps/web/build-plugins/messages.ts';

export default defineConfig({
  // The journeys read the web app's site map, whose words are in its catalogues (docs/decisions/027).
  plugins: [compiledMessages()],
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/server.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // One browser and one server on a 2-core machine: files run one after another.
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: '../test-results/e2e.json' },
  },
});
