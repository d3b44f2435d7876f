import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, ProxyOptions } from 'vite';
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

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the best (slow)
 * ratios: done once here, the server only picks one by Accept-Encoding (@fastify/static
 * preCompressed). Files under 1 KB are left alone, as the server leaves them.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'curtaincall:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public/ files are written.
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && /\.(?:js|mjs|css|html|svg|json|txt)$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          if (bytes.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotliAsync(bytes, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The web app validates answers with zod but never turns a schema into JSON Schema. zod's classic
 * API links that converter into every schema all the same (about 4 KB gzip of every page's first
 * load), so the build swaps its two modules for stubs with the same exports that throw if called.
 */
export function withoutZodJsonSchema(): Plugin {
  const converter = /[\\/]zod[\\/]v4[\\/]core[\\/](?:to-json-schema|json-schema-processors)\.js$/;
  return {
    name: 'curtaincall:zod-without-json-schema',
    apply: 'build',
    async load(id) {
      if (!converter.test(id)) return null;
      const exported = Object.keys((await import(pathToFileURL(id).href)) as object);
      const refuse = `() => { throw new Error('JSON Schema is not part of the web build'); }`;
      return exported.map((name) => `export const ${name} = () => ${refuse};`).join('\n');
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), precompress(), withoutZodJsonSchema()],
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
    // .vite/manifest.json: the server preloads a page's lazy chunks with its HTML from it
    // (apps/server/src/http/first-load-page.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files on a first load: on a phone's slow network each file costs a round
        // trip, and browsers open few connections at once. What the entry needs at start is one
        // chunk (it was ten), and the icons the pages share are one small chunk, not one file each.
        // Route chunks stay split, so a page still loads only its own code, and an icon only one
        // route uses stays in that route's chunk (minShareCount), not in the shared icons file.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The small modules the public list pages share (cards, posters, badges, the list
            // calls and their schemas, formatting): one file instead of nine. Each file is a
            // round trip before the first poster can paint on a phone's slow network; Lighthouse
            // put the all-concerts LCP at 2.50 s with them apart.
            {
              name: 'catalog',
              test: /src[\\/]features[\\/]concerts[\\/](?:components[\\/](?:concert-card|concert-poster|concert-status-badge)\.tsx|api[\\/](?:get-concerts|search-concerts)\.ts)|src[\\/]lib[\\/](?:format|dates)\.ts|src[\\/]components[\\/]ui[\\/](?:state-panel|pagination)\.tsx|contracts[\\/]src[\\/]concerts\.ts|zod[\\/]v4[\\/]classic[\\/]coerce/,
              minShareCount: 2,
              priority: 1,
            },
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              priority: 1,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
