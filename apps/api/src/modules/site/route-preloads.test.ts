import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { PAGE_MODULES } from './route-preloads.ts';

/**
 * What a public page's HTML asks the browser to download beside the app's code: the page's own
 * chunks (from the build's manifest), their CSS, its texts and its list. On a build directory of
 * our own shaped like Vite's (the entry and runtime named by index.html, the page chunks lazy).
 */
let dist: string;
let dataDir: string;

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Residency</title>
    <!--site-config-->
    <script type="module" crossorigin src="/assets/rolldown-runtime-R1.js"></script>
    <script type="module" crossorigin src="/assets/app-A1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/app-C1.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const MANIFEST = {
  '_rolldown-runtime-R1.js': { file: 'assets/rolldown-runtime-R1.js' },
  '_app-A1.js': { file: 'assets/app-A1.js', imports: ['_rolldown-runtime-R1.js'], css: ['assets/app-C1.css'] },
  'src/features/accommodation/pages/accommodation-page.tsx': {
    file: 'assets/accommodation-page-P1.js',
    isDynamicEntry: true,
    imports: ['_rolldown-runtime-R1.js', '_app-A1.js', '_room-cards-K1.js', '_photo-size-S1.js'],
    css: ['assets/accommodation-page-P1.css'],
    dynamicImports: ['src/features/accommodation/components/room-details-dialog.tsx'],
  },
  '_room-cards-K1.js': { file: 'assets/room-cards-K1.js', imports: ['_rolldown-runtime-R1.js', '_app-A1.js'] },
  '_photo-size-S1.js': { file: 'assets/photo-size-S1.js' },
  'src/features/accommodation/components/room-details-dialog.tsx': { file: 'assets/room-details-dialog-D1.js', isDynamicEntry: true },
  'src/features/home/pages/home-page.tsx': { file: 'assets/home-page-H1.js', imports: ['_app-A1.js', '_home-section-H2.js'] },
  '_home-section-H2.js': { file: 'assets/home-section-H2.js' },
};

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'residency-preloads-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'residency-preloads-data-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});
const ctx = useTestApp({ env: () => ({ DATA_DIR: dataDir }), config: () => ({ webDist: dist }), accounts: {} });

const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
const links = (html: string, rel: string, as?: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"${as ? ` as="${as}"` : ''} crossorigin href="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('what a page preloads from its HTML', () => {
  it('/accommodation: its chunks (not those the HTML loads already, not the lazy pop-up), its CSS, its list and its texts', async () => {
    const res = await page('/accommodation');
    expect(res.statusCode).toBe(200);
    expect(links(res.body, 'modulepreload')).toEqual(['/assets/accommodation-page-P1.js', '/assets/room-cards-K1.js', '/assets/photo-size-S1.js']);
    expect(links(res.body, 'preload', 'style')).toEqual(['/assets/accommodation-page-P1.css']);
    expect(links(res.body, 'preload', 'fetch')).toEqual([
      '/api/room-categories?public=true',
      '/locales/en/common.json',
      '/locales/en/accommodation.json',
    ]);
    // The texts follow the browser's language when the URL names none.
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('preloads the Bengali texts and the English fallback for a Bengali reader', async () => {
    for (const res of [await page('/accommodation?lang=bn'), await page('/accommodation', { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' })]) {
      expect(links(res.body, 'preload', 'fetch')).toEqual([
        '/api/room-categories?public=true',
        '/locales/bn/common.json',
        '/locales/bn/accommodation.json',
        '/locales/en/common.json',
        '/locales/en/accommodation.json',
      ]);
    }
  });

  it('the home page preloads its chunks and texts; a page without a known chunk preloads nothing', async () => {
    const home = (await page('/')).body;
    expect(links(home, 'modulepreload')).toEqual(['/assets/home-page-H1.js', '/assets/home-section-H2.js']);
    expect(links(home, 'preload', 'fetch')).toEqual(['/locales/en/common.json', '/locales/en/home.json']);
    const events = (await page('/events')).body;
    expect(events).not.toContain('modulepreload');
    expect(events).not.toContain('as="fetch"');
  });

  it('does not serve the manifest it reads (a map of every screen, the dashboards\' too)', async () => {
    expect((await page('/.vite/manifest.json')).statusCode).toBe(404);
  });
});

describe('the page modules the server preloads', () => {
  it('are the files the web router loads for those paths (a renamed page would quietly lose its preloads)', () => {
    const web = path.resolve(import.meta.dirname, '../../../../web');
    const router = readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
    for (const source of Object.values(PAGE_MODULES)) {
      expect(existsSync(path.join(web, source)), source).toBe(true);
      expect(router, source).toContain(`import('../${source.replace(/^src\//, '').replace(/\.tsx$/, '')}')`);
    }
  });
});
