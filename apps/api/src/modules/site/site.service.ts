import type { TSiteInfo } from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { WebBuild, WebPages } from '../../plugins/web.ts';
import { robotsTxt, sitemapXml } from './page-head-sitemap.ts';
import { createIndexRenderer, createLocaleMeta, languageOf, pageHead, type PageHead } from './page-head.ts';
import { createRoutePreloads } from './route-preloads.ts';

/** Public facts about the hotel; the web app also receives them inside index.html. */
export function siteInfo(config: Config): TSiteInfo {
  return {
    ...config.hotel,
    vatPercent: config.vatPercent,
    serviceChargePercent: config.serviceChargePercent,
    googleSignIn: Boolean(config.google),
    bookingHorizonDays: config.bookingHorizonDays,
    onlinePayment: { gateways: config.payments.methods, holdMinutes: config.payments.holdMinutes },
  };
}

const SITE_PLACEHOLDER = '<!--site-config-->';

/**
 * What the site offers the web plugin (app.ts hands it over): each public page's index.html
 * with the hotel's facts and the page's own head (page-head.ts), the sitemap and robots.txt.
 */
export function createSitePages(deps: { db: Database; config: Config }, build: WebBuild): WebPages {
  const { db, config } = deps;
  // JSON inside a non-executable script tag: allowed by the CSP, read by the app at start.
  const json = JSON.stringify(siteInfo(config)).replaceAll('<', '\\u003c');
  const indexHtml = build.indexHtml.replace(SITE_PLACEHOLDER, `<script type="application/json" id="site-config">${json}</script>`);
  const render = createIndexRenderer(indexHtml);
  const localeMeta = createLocaleMeta(build.dist);
  const routePreloads = createRoutePreloads(build.dist, indexHtml);
  return {
    /** The page at the request's URL; a head that fails to build leaves the app's own head. */
    async page(request) {
      const url = new URL(request.url, 'http://page.invalid');
      let head: PageHead | null = null;
      try {
        head = await pageHead({ db, config, localeMeta, routePreloads }, url.pathname, url.searchParams, {
          acceptLanguage: request.headers['accept-language'],
        });
      } catch (error) {
        // The page still loads with the app's own head: a preview is not worth an error page.
        request.log.error({ err: error }, 'page head failed');
      }
      return {
        status: head?.status ?? 200,
        html: render(head, languageOf(url.searchParams), config.hotel.name),
        // The home page's slides and preload, and the texts a page preloads, follow the browser's
        // language when the URL names none.
        vary: head?.heroSlides || head?.followsAcceptLanguage ? 'accept-language' : undefined,
      };
    },
    sitemapXml: () => sitemapXml(db, config.publicUrl, build.builtAt),
    robotsTxt: () => robotsTxt(config.publicUrl),
  };
}
