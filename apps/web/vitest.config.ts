import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compiledMessages } from './build-plugins/messages.ts';

export default defineConfig({
  plugins: [react(), compiledMessages()],
  resolve: { dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks', '@mantine/dates', '@mantine/modals'] },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    css: false,
    // Room for findBy and waitFor's 10 s on a loaded machine (test/setup.ts).
    testTimeout: 20_000,
  },
});
