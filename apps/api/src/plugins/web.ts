import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { directoriesAreNotFound, notFound } from './not-found.ts';
import { UPLOADS_PREFIX } from './storage.ts';

/** The built web app, as this plugin finds it. */
export interface WebBuild {
  /** The build directory (its `locales/` hold the pages' own texts). */
  dist: string;
  /** Its index.html as built. */
  indexHtml: string;
  /** When the web app was built (index.html's time). */
  builtAt: Date;
}

/** What the site serves on top of the files: each page's HTML, the sitemap and robots.txt. */
export interface WebPages {
  /** The HTML of the page the request asks for; never throws. */
  page(request: FastifyRequest): Promise<{ status: number; html: string; /** Request headers the answer also depends on. */ vary?: string }>;
  sitemapXml(): Promise<string>;
  robotsTxt(): string;
}

interface WebOptions {
  /**
   * The pages of the built app: given by the wiring (app.ts, from modules/site), so that this
   * plugin, like every plugin, knows no feature.
   */
  pages: (build: WebBuild) => WebPages;
}

/**
 * Serves the built web app from the same port as the API: hashed assets with a year-long cache
 * (gzip and brotli files made at build time), and index.html as `options.pages` makes it (the
 * hotel's public facts and each public page's own head: modules/site) for every other page
 * path, so the client router can take over; /sitemap.xml and /robots.txt tell crawlers what
 * there is.
 */
export default fp<WebOptions>(async function web(app: FastifyInstance, options: WebOptions) {
  const dist = app.config.webDist;
  const indexFile = dist ? path.join(dist, 'index.html') : undefined;
  const hasWeb = Boolean(indexFile && existsSync(indexFile));

  if (hasWeb && dist && indexFile) {
    const pages = options.pages({ dist, indexHtml: readFileSync(indexFile, 'utf8'), builtAt: statSync(indexFile).mtime });
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const { status, html, vary } = await pages.page(request);
      if (vary) reply.header('vary', vary);
      return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
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
          .send(await pages.sitemapXml()),
      );
      scope.get('/robots.txt', (_request, reply) =>
        reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(pages.robotsTxt()),
      );
      await scope.register(fastifyStatic, {
        root: dist,
        preCompressed: true,
        index: false,
        // Not the build's dot-directories: .vite/manifest.json is for the server (the pages' preloads).
        dotfiles: 'ignore',
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
function wantsPage(request: FastifyRequest): boolean {
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
