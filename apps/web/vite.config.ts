import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { stampWebBuild } from './build-stamp';

const apiPort = process.env.API_PORT ?? '3000';

/**
 * Recharts (the admin dashboard's lazy chart chunk) runs on Redux Toolkit, react-redux and
 * use-sync-external-store too. Shared with the app's store, each would become a chunk of its own
 * holding every export either side uses, and the public pages would download the parts only
 * Recharts needs plus the cost of more, smaller chunks. Recharts gets its own copies instead
 * (a `?recharts` module id is another module): they land in its lazy chunk. React stays shared.
 */
const RECHARTS_OWN = /^(@reduxjs\/toolkit|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store)(\/|$)/;
const rechartsOwnRedux: Plugin = {
  name: 'recharts-own-redux-toolkit',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer) return null;
    const inCopy = importer.endsWith('?recharts');
    const fromRecharts = importer.includes('/node_modules/recharts/');
    if (!(inCopy && (source.startsWith('.') || RECHARTS_OWN.test(source))) && !(fromRecharts && RECHARTS_OWN.test(source))) return null;
    const resolved = await this.resolve(source, importer.replace(/\?recharts$/, ''), { ...options, skipSelf: true });
    return resolved && !resolved.external ? { ...resolved, id: `${resolved.id}?recharts` } : null;
  },
};

/**
 * A preload of the one web font the first paint draws (Playfair Display, headings and the logo):
 * it downloads beside the app's code instead of after it, so it is there when the first paint
 * needs it (index.css declares it `font-display: optional`: a font that is late is not used on
 * that page, rather than swapped in and moving the text). Its file name carries a hash: found
 * in the bundle.
 */
const FIRST_PAINT_FONT = /playfair-display-latin-600-normal.*\.woff2$/;
const preloadFirstPaintFont: Plugin = {
  name: 'preload-first-paint-font',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const file = Object.keys(ctx.bundle ?? {}).find((name) => FIRST_PAINT_FONT.test(name));
      if (!file) return [];
      return [{ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' }, injectTo: 'head' }];
    },
  },
};

/**
 * The modules every page needs before its first paint (the static imports of main.tsx, all the
 * way down: React, the router, the store, i18n, the public layout) go into one chunk. Left to
 * itself the bundler cuts them into some twenty small files, because lazy screens share them:
 * each file is a request (over HTTP/1.1 at most six at a time, each waiting a round trip on a
 * phone's network) and each repeats its imports and exports and compresses on its own. One file
 * is some KB lighter and a round trip or more faster on a guest's first visit. The lazy screens
 * import what they share from it (it is always loaded first).
 */
const firstPaintModules = new Set<string>();
const firstPaintGraph: Plugin = {
  name: 'first-paint-graph',
  apply: 'build',
  buildEnd() {
    firstPaintModules.clear();
    const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
    while (stack.length) {
      const id = stack.pop()!;
      if (firstPaintModules.has(id)) continue;
      firstPaintModules.add(id);
      stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

/**
 * The small modules a room card draws with (the price rule, the Book link's address, the photo, the
 * icons, the texts in the reader's language), shared by /accommodation's first paint and the home
 * page's rooms further down: one chunk instead of nine. On a phone's network each file is a
 * request, six at a time, a round trip each; /accommodation's largest paint waited for them.
 */
const ROOM_CARD_MODULES =
  /\/(packages\/shared\/src\/(room-rules|guests|dates)\.ts|apps\/web\/src\/(components\/stay\/(use-rates-href|rates-url)\.ts|components\/stay\/stay-icons\.tsx|components\/room-image\.tsx|lib\/category-texts\.ts|features\/accommodation\/components\/(room-price|bed-and-size)\.tsx))$/;

/**
 * Writes the sources' hash beside the build, so `npm start` knows the build is current (build-stamp.ts).
 * Only for a build into apps/web/dist: a build into another directory (`--outDir /tmp/…`, to measure
 * it without touching the one running servers use) must not mark apps/web/dist as current.
 */
let outDirIsDist = true;
const stampBuild: Plugin = {
  name: 'stamp-build',
  apply: 'build',
  configResolved(config) {
    outDirIsDist = path.resolve(config.root, config.build.outDir) === path.resolve(config.root, 'dist');
  },
  closeBundle: { order: 'post', handler: () => (outDirIsDist ? stampWebBuild() : undefined) },
};

export default defineConfig({
  plugins: [
    rechartsOwnRedux,
    firstPaintGraph,
    preloadFirstPaintFont,
    react(),
    tailwindcss(),
    // gzip and brotli twins of every asset: the API serves them as they are (preCompressed).
    compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.(png|jpe?g|webp|avif|woff2?)$/] }),
    stampBuild,
  ],
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/uploads': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    target: 'es2022',
    // Every browser that runs ES2022 modules knows modulepreload: the polyfill is dead weight.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // .vite/manifest.json: which files each page's code is, for the server to preload them from
    // the HTML beside the app's code (apps/api/src/modules/site/route-preloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: (id) => (firstPaintModules.has(id) ? 'app' : ROOM_CARD_MODULES.test(id) ? 'room-cards' : null) }],
        },
      },
    },
  },
});
