/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MENU_GET_PATHNAME } from './src/lib/menu-gets.ts';

/** Menu GETs the service worker keeps (NetworkFirst) so the last menu opens offline. */
const MENU_GET = new RegExp(`${MENU_GET_PATHNAME}(\\?.*)?$`);

/**
 * Writes .br and .gz beside every text asset so the server sends them as they are
 * (@fastify/static `preCompressed`), at the best ratio, without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'comanda-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
          const data = readFileSync(file);
          if (data.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          );
        }
      },
    },
  };
}

const pwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  // Registered by src/lib/pwa.ts after load: no workbox-window on the critical path.
  injectRegister: false,
  // The manifest is the store's (GET /core/get_app_manifest), linked by the server.
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,woff2}'],
    // The staff app is its own entry: customers' phones never download it.
    globIgnores: ['staff.html', 'assets/staff-*'],
    // Pages come from the network (they carry the store's look and menu); the shell is the fallback.
    navigateFallback: null,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // The staff app's pages are never kept nor answered with the customer's shell.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/staff'),
        handler: 'NetworkFirst',
        options: {
          // The name src/lib/pwa.ts fills on the first visit (PAGES_CACHE).
          cacheName: 'pages',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 10 },
          matchOptions: { ignoreSearch: true },
          precacheFallback: { fallbackURL: 'index.html' },
        },
      },
      {
        urlPattern: MENU_GET,
        handler: 'NetworkFirst',
        options: {
          cacheName: 'menu',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 80 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: /\/media\//,
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'media',
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
          cacheableResponse: { statuses: [0, 200] },
        },
      },
    ],
  },
});

/** A module of the staff app (its own entry, docs/decisions/0025). */
const isStaffModule = (id: string) => id.includes('/src/staff/');

/** `vite` (dev) forwards the API to a server on :3000 (`npm run dev`); its default store answers. */
const API_PREFIXES = ['/core', '/estoque', '/financeiro', '/bar', '/integracoes', '/media'];

/**
 * The storefront and the staff app are written against React's API and run on Preact's (preact/compat):
 * 8.5 KB of runtime where React's was 67 (docs/decisions/0075). The tests render through the same aliases.
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const FIRST_LOAD_CHUNKS = new Set(['preload-helper', 'preact', 'home', 'rolldown-runtime']);

export default defineConfig({
  server: {
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [
        prefix,
        { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true },
      ]),
    ),
  },
  resolve: {
    alias: [
      ...PREACT_ALIASES,
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  plugins: [react(), ...(process.env.VITEST ? [] : [pwa, precompress()])],
  build: {
    target: 'es2022',
    // Every browser the storefront supports has <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rollupOptions: {
      // The customer storefront and the staff app (docs/decisions/0025): separate entries, no shared first load.
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        staff: path.resolve(import.meta.dirname, 'staff.html'),
      },
      // The staff app's lazy screens (the store editor) carry its prefix like its entry, so the
      // customers' service worker leaves them out of its precache (globIgnores above).
      output: {
        // The menu home's code (src/app/mount.tsx and everything it imports statically) is one chunk,
        // Preact another: gzip shares one dictionary over each and no module of a lazy screen rides
        // along because a lazy screen shares its chunk (docs/decisions/0067).
        codeSplitting: {
          groups: [
            // The entry's only import: kept out of `home`, or main.ts would need all of it (and
            // Preact) before it runs, ahead of the header picture (docs/decisions/0011).
            { name: 'preload-helper', test: /preload-helper/, priority: 3 },
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/, priority: 2 },
            { name: 'home', test: /src[\\/]app[\\/]mount\.tsx$/, priority: 1 },
          ],
        },
        // The customers' lazy chunks and styles are named by their hash alone: the menu's first
        // load carries the list of their names (Vite's preload lists), 0.6 KB gzip shorter so
        // (docs/decisions/0067). The first-load chunks keep their group's name.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every(isStaffModule)
            ? 'assets/staff-[name]-[hash].js'
            : FIRST_LOAD_CHUNKS.has(chunk.name)
              ? 'assets/[name]-[hash].js'
              : 'assets/[hash].js',
        assetFileNames: (asset) =>
          asset.originalFileNames.some((file) => file.startsWith('src/staff/'))
            ? 'assets/staff-[name]-[hash][extname]'
            : asset.names.some((name) => name.endsWith('.css'))
              ? 'assets/[hash][extname]'
              : 'assets/[name]-[hash][extname]',
      },
    },
  },
  test: {
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
