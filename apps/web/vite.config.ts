import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

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

export default defineConfig({
  plugins: [
    rechartsOwnRedux,
    react(),
    tailwindcss(),
    // gzip and brotli twins of every asset: the API serves them as they are (preCompressed).
    compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.(png|jpe?g|webp|avif|woff2?)$/] }),
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
    chunkSizeWarningLimit: 1500,
  },
});
