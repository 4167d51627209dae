import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { siteInfo } from '../modules/site/site.routes.ts';
import { directoriesAreNotFound, notFound } from './not-found.ts';
import { UPLOADS_PREFIX } from './storage.ts';

const SITE_PLACEHOLDER = '<!--site-config-->';

/**
 * Serves the built web app from the same port as the API: hashed assets with a year-long cache
 * (gzip and brotli files made at build time), and index.html, carrying the hotel's public facts,
 * for every other page path so the client router can take over.
 */
export default fp(async function web(app: FastifyInstance) {
  const dist = app.config.webDist;
  const indexFile = dist ? path.join(dist, 'index.html') : undefined;
  const hasWeb = Boolean(indexFile && existsSync(indexFile));

  if (hasWeb && dist && indexFile) {
    // JSON inside a non-executable script tag: allowed by the CSP, read by the app at start.
    const json = JSON.stringify(siteInfo(app.config)).replaceAll('<', '\\u003c');
    const indexHtml = readFileSync(indexFile, 'utf8').replace(
      SITE_PLACEHOLDER,
      `<script type="application/json" id="site-config">${json}</script>`,
    );
    const sendIndex = (reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      directoriesAreNotFound(scope);
      // The home page, whatever the client accepts: the static wildcard would treat `/` as the
      // build directory (403) for a client that sends no Accept-Encoding (curl, monitors, crawlers).
      scope.get('/', (_request, reply) => sendIndex(reply));
      await scope.register(fastifyStatic, {
        root: dist,
        preCompressed: true,
        index: false,
        wildcard: true,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    });

    app.setNotFoundHandler((request, reply) => {
      if (wantsPage(request)) return sendIndex(reply);
      return notFound(request, reply);
    });
  } else {
    app.setNotFoundHandler(notFound);
  }
});

/**
 * Page routes whose last segment is free text that may hold a dot (a category named
 * "Suite 2.0"): pages, though they look like file names.
 */
const FREE_TEXT_PAGES = ['/admin/edit-category/'];

/**
 * A browser navigating to a page path: not an API call, not an upload, and not a file name. A
 * path with an extension or a dot-segment (`/.env`, `/app.js.map`, `/uploads/.jwt-secret`) that
 * matched no file is a missing file: it gets a 404, never the web app's HTML with 200.
 */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0]!;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith(UPLOADS_PREFIX) || url === UPLOADS_PREFIX.slice(0, -1)) {
    return false;
  }
  if (FREE_TEXT_PAGES.some((prefix) => url.startsWith(prefix))) return true;
  const segments = url.split('/');
  if (segments.some((segment) => segment.startsWith('.') || /^%2e/i.test(segment))) return false;
  return !path.extname(segments.at(-1) ?? '');
}
