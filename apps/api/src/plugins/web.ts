import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { siteInfo } from '../modules/site/site.routes.ts';
import { directoriesAreNotFound, notFound } from './not-found.ts';
import { robotsTxt, sitemapXml } from './page-head-sitemap.ts';
import { createIndexRenderer, createLocaleMeta, languageOf, pageHead, type PageHead } from './page-head.ts';
import { UPLOADS_PREFIX } from './storage.ts';

const SITE_PLACEHOLDER = '<!--site-config-->';

/**
 * Serves the built web app from the same port as the API: hashed assets with a year-long cache
 * (gzip and brotli files made at build time), and index.html, carrying the hotel's public facts,
 * for every other page path so the client router can take over. A public page's index.html
 * carries its own head (title, description, canonical URL, hreflang, Open Graph: page-head.ts),
 * and /sitemap.xml and /robots.txt tell crawlers what there is.
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
    const render = createIndexRenderer(indexHtml);
    const localeMeta = createLocaleMeta(dist);
    const builtAt = statSync(indexFile).mtime;
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, 'http://page.invalid');
      let head: PageHead | null = null;
      try {
        head = await pageHead({ db: app.db, config: app.config, localeMeta }, url.pathname, url.searchParams, {
          acceptLanguage: request.headers['accept-language'],
        });
      } catch (error) {
        // The page still loads with the app's own head: a preview is not worth an error page.
        request.log.error({ err: error }, 'page head failed');
      }
      // The home page's slides and preload follow the browser's language when the URL names none.
      if (head?.heroSlides) reply.header('vary', 'accept-language');
      return reply
        .status(head?.status ?? 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(render(head, languageOf(url.searchParams), app.config.hotel.name));
    };

    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      directoriesAreNotFound(scope);
      // The home page, whatever the client accepts: the static wildcard would treat `/` as the
      // build directory (403) for a client that sends no Accept-Encoding (curl, monitors, crawlers).
      scope.get('/', (request, reply) => sendIndex(request, reply));
      scope.get('/sitemap.xml', async (_request, reply) =>
        reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(await sitemapXml(app.db, app.config.publicUrl, builtAt)),
      );
      scope.get('/robots.txt', (_request, reply) =>
        reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(app.config.publicUrl)),
      );
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
      if (wantsPage(request)) return sendIndex(request, reply);
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
