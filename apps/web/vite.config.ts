import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server the dev server proxies to; another port with SRS_API_URL.
const api = process.env.SRS_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // The workspace holds two copies of some Mantine packages: one React context each would break.
  resolve: { dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks', '@mantine/dates', '@mantine/modals'] },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/idp': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/idp': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
