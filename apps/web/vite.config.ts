import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [
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
