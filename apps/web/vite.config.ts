import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ProxyOptions } from 'vite';
import { defineConfig } from 'vitest/config';

/** The web app's own folder, so the config works from the repo root and from here alike. */
const root = fileURLToPath(new URL('.', import.meta.url));

/** The API server of `npm run dev` (apps/server). */
const serverOrigin = 'http://localhost:8080';

/**
 * The server refuses unsafe requests whose Origin is not its own (CSRF). Pages of this dev server
 * are ours, so their Origin is handed on as the server's; any other page's stays as it was.
 */
const asServerOrigin: ProxyOptions['configure'] = (proxy) => {
  proxy.on('proxyReq', (proxyRequest, request) => {
    if (request.headers.origin === `http://${request.headers.host ?? ''}`) {
      proxyRequest.setHeader('origin', serverOrigin);
    }
  });
};

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: serverOrigin, changeOrigin: false, configure: asServerOrigin },
      '/ws': { target: serverOrigin, ws: true },
      '/oauth2': { target: serverOrigin },
      '/login/oauth2': { target: serverOrigin },
      '/uploads': { target: serverOrigin },
      // The fallback poster lives in public/images; everything else under /images is the server's.
      '^/images/(?!basic-poster-image\\.png)': { target: serverOrigin },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
