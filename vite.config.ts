import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueParts } from './scripts/catalogue-parts.mjs';
import { ICONS_VERSION, iconFiles, iconJson } from './scripts/icon-files.mjs';
import { precompressDir } from './scripts/precompress.mjs';

// The gateway and config service run on one Express port; dev mode proxies to it.
const backend = 'http://localhost:4100';

/** Names the build in the page (<html data-build>); a real change of code changes the bundles anyway. */
const build = process.env.APP_BUILD || process.env.npm_package_version || 'dev';

/**
 * Blueprint's icon paths as static JSON files in the build (scripts/icon-files.mjs), and served the
 * same way by the dev server: the client fetches an icon when it first draws one.
 */
function iconAssets(): Plugin {
  return {
    name: 'paysec:icon-files',
    // before Vite's own resolver, which would otherwise answer the import first
    enforce: 'pre',
    // without the table of every icon name: a name is checked by its file (client/runtime/iconNames.ts)
    resolveId(source, importer) {
      if (source === './iconNames' && importer && /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]/.test(importer))
        return resolve('client/runtime/iconNames.ts');
      return null;
    },
    generateBundle() {
      for (const [fileName, source] of iconFiles()) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/assets\/icons\/[^/]+\/(\d+)\/([a-z0-9-]+)\.json$/.exec(req.url ?? '');
        const json = match ? iconJson(Number(match[1]), match[2]) : null;
        if (!json) return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(json);
      });
    },
  };
}

/** RJSF's markdown renderer, loaded when a markdown text first shows (client/theme/lazyMarkdown.tsx). */
function lazyMarkdown(): Plugin {
  return {
    name: 'paysec:lazy-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'markdown-to-jsx/react' && importer && /@rjsf[\\/]core[\\/]/.test(importer))
        return resolve('client/theme/lazyMarkdown.tsx');
      return null;
    },
  };
}

/**
 * axios without its fetch adapter (client/api/noFetchAdapter.ts): axios takes the first adapter the
 * platform has, xhr before fetch, so in a browser the fetch one (~3.5 KB brotli) never runs.
 */
function axiosXhr(): Plugin {
  return {
    name: 'paysec:axios-xhr',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './fetch.js' && importer && /axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/.test(importer))
        return resolve('client/api/noFetchAdapter.ts');
      return null;
    },
  };
}

/**
 * The modules every page runs before its first paint — client/main.tsx and all it imports statically
 * — as one chunk. Rolldown otherwise cuts those that lazy chunks share too into a score of small
 * files, each compressed on its own (about 7 KB more brotli on the sign-in page).
 */
function bootChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const boot = new Set<string>();
  return {
    plugin: {
      name: 'paysec:boot-chunk',
      apply: 'build',
      buildEnd() {
        boot.clear();
        const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          // Blueprint's barrels import every component: its modules keep the chunks tree-shaking gives them
          if (boot.has(id) || /[\\/]@blueprintjs[\\/]/.test(id)) continue;
          boot.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
    // stylesheets stay with Vite's CSS handling
    test: (id) => boot.has(id) && !/\.css($|\?)/.test(id),
  };
}
const boot = bootChunk();

/** The files the built index.html names (entry script, module preloads, stylesheets), and itself. */
function shellFiles(indexHtml: string): Set<string> {
  const html = readFileSync(indexHtml, 'utf8');
  const named = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  return new Set(['index.html', ...named]);
}

/**
 * After the build, once vite-plugin-pwa has written sw.js and workbox's runtime (its closeBundle is
 * sequential too, and ours runs in the 'post' order after it): the .br and .gz siblings that
 * server/http/spa.ts serves (scripts/precompress.mjs).
 */
function precompress(): Plugin {
  let outDir = '';
  let logger: ResolvedConfig['logger'] | undefined;
  return {
    name: 'paysec:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const started = Date.now();
        const { files, bytes, brotliBytes } = await precompressDir(outDir);
        const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
        logger?.info(
          `precompressed ${files} files: ${mb(bytes)} MB → ${mb(brotliBytes)} MB brotli (${Date.now() - started} ms)`,
        );
      },
    },
  };
}

export default defineConfig({
  root: 'client',
  define: { __APP_BUILD__: JSON.stringify(build), __ICONS_VERSION__: JSON.stringify(ICONS_VERSION) },
  plugins: [
    react(),
    catalogueParts(),
    iconAssets(),
    lazyMarkdown(),
    axiosXhr(),
    boot.plugin,
    // shell §9 'A service worker is used': the app shell precached, published documents network-first
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      // a new version takes over at once and the page reloads (client/app/serviceWorker.ts registers)
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: false,
      // vite dev never registers one (devOptions off): a stale worker would hide every edit
      devOptions: { enabled: false },
      workbox: {
        // static routes: the API's requests go to the network without waking the worker (client/public/sw-routes.js)
        importScripts: ['sw-routes.js'],
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        // precached: the shell index.html names (entry, its preloads, CSS); every other chunk is kept
        // when first loaded (runtime 'chunks' below), so a first visit fetches what it shows, not all
        manifestTransforms: [
          (entries) => {
            const shell = shellFiles(resolve('dist/client/index.html'));
            return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
          },
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // every client route paints from the precached shell; API paths are never answered with it
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/(iam|wbe|trn|config|saq|maq|inv|ntgw|ast|wa2|mapi|payments|api|tooltip)(\/|$)/],
        runtimeCaching: [
          {
            // the published documents everyone reads alike (docs/gateway/config.md): the
            // network's answer when there is one, the last one kept when the connection fails
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              (/^\/config\/v1\/(app|documents\/[^/]+\/[^/]+)$/.test(url.pathname) || url.pathname === '/tooltip/list'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'published-documents',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 200 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // a published version's validators module: its URL names one content for good
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/config/v1/validators/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'validators',
              expiration: { maxEntries: 200 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // a chunk's hashed name names one content for good
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/[^/]+\.(js|css)$/.test(url.pathname),
            handler: 'CacheFirst',
            // the same cache client/app/serviceWorker.ts fills with what loaded before the worker took over
            options: { cacheName: 'chunks', expiration: { maxEntries: 400 }, cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/icons/'),
            handler: 'CacheFirst',
            options: { cacheName: 'icons', expiration: { maxEntries: 3000 }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', test: boot.test },
            // react-query as one chunk, as the shell and every screen but the login load it: cut per
            // importer it came in four files compressed one by one (client/lib/withQueries.tsx)
            {
              name: 'react-query',
              test: /[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]client[\\/]lib[\\/](queryClient\.ts|withQueries\.tsx)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/iam': backend,
      '/wbe': backend,
      '/trn': backend,
      '/config': backend,
      '/tooltip': backend,
      '/ntgw': backend,
      // the real-time socket (Pusher protocol at /app/:key, server/realtime); page loads of /app/… stay with Vite
      '^/app/[^/]+$': { target: backend, ws: true, bypass: (req) => (req.headers.upgrade ? undefined : req.url) },
    },
  },
});
