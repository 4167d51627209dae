/**
 * Page weight of the public pages a guest lands on (the home page, /events, /accommodation): the gzip bytes of the JS and CSS requested before the first
 * contentful paint (what the first view needs), and of everything loaded until the network is
 * idle (including what is deferred until after the page is shown), measured in
 * Chromium against the built app. Each loaded asset is matched to its `.gz` twin in
 * apps/web/dist (the server sends exactly those bytes to a browser that asks for gzip).
 * It also checks that no public page loads the admin dashboard's chart library (Recharts, a lazy
 * chunk of its own).
 * Usage: node bench/page-weight.ts   (after `npm run build`; WEB_DIST=<dir> measures another build)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.WEB_DIST || path.join(root, 'apps/web/dist'));
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}
// WEIGHT_PORT: two runs on one machine, each on a port of its own.
const port = Number(process.env.WEIGHT_PORT ?? 3290);
const server = spawn(process.execPath, [path.join(root, 'bench/servers/app-server.ts')], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'residency-weight-')),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    WEB_DIST: dist,
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
// Never leave the server behind (a crash would keep the port, and the next run would measure it).
process.on('exit', () => server.kill());
const base = `http://127.0.0.1:${port}`;
// Up to 3 minutes: a fresh data directory is seeded with the whole demo (drawn pictures) first.
for (let i = 0; i < 900; i++) {
  try {
    if ((await fetch(`${base}/api/site`)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 200));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

interface Asset {
  url: string;
  kind: 'js' | 'css';
  gzip: number;
  /** Requested before the first contentful paint. */
  beforePaint: boolean;
  /** Holds Ant Design's code (its component context), whatever the chunk is called. */
  antd: boolean;
  /** Holds Recharts (the admin dashboard's charts). */
  recharts: boolean;
}

/** Ant Design's config provider is in every chunk of its components: found by code, not by file name. */
const ANTD_MARKER = 'getPrefixCls';
/** Recharts names its root element's class in its own code: found by code, not by file name. */
const RECHARTS_MARKER = 'recharts-surface';

async function measure(width: number, height: number, route: string) {
  const page = await browser.newPage({ viewport: { width, height } });
  const assets: Asset[] = [];
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  const { fcp, resources } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    resources: performance.getEntriesByType('resource').map((r) => ({ name: r.name, startTime: r.startTime })),
  }));
  for (const resource of resources) {
    const url = new URL(resource.name);
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind || url.origin !== base) continue;
    const gz = path.join(dist, `${url.pathname}.gz`);
    const raw = path.join(dist, url.pathname);
    const gzip = existsSync(gz) ? statSync(gz).size : existsSync(raw) ? statSync(raw).size : 0;
    const code = kind === 'js' && existsSync(raw) ? readFileSync(raw, 'utf8') : '';
    const antd = code.includes(ANTD_MARKER);
    const recharts = code.includes(RECHARTS_MARKER);
    assets.push({ url: url.pathname, kind, gzip, beforePaint: fcp !== null && resource.startTime < fcp, antd, recharts });
  }
  await page.close();
  return { assets, fcp };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;
/** Pages and whether the 150 KB budget applies (every one must stay free of Ant Design and Recharts; issue 23 gave /accommodation the budget too). */
const PAGES = [
  ['Home page', '/', true],
  ['Meetings & Events', '/events', true],
  ['Accommodation', '/accommodation', true],
] as const;
for (const [name, route, budget] of PAGES) {
  for (const [label, w, h] of [['phone 375 px', 375, 812], ['desktop 1280 px', 1280, 800]] as const) {
    // No paint recorded (a busy machine's Chromium, now and then) would count 0 KB as before it:
    // measured again, and a page that never paints fails.
    let { assets, fcp } = await measure(w, h, route);
    for (let attempt = 2; fcp === null && attempt <= 3; attempt++) ({ assets, fcp } = await measure(w, h, route));
    if (fcp === null) failed = true;
    const sum = (list: Asset[]) => list.reduce((s, a) => s + a.gzip, 0);
    const js = assets.filter((a) => a.kind === 'js');
    const jsAtPaint = sum(js.filter((a) => a.beforePaint));
    const css = sum(assets.filter((a) => a.kind === 'css'));
    const antd = assets.filter((a) => a.antd).map((a) => a.url);
    const recharts = assets.filter((a) => a.recharts).map((a) => a.url);
    console.log(`\n${name} (${route}), ${label}: first contentful paint ${fcp ? `${Math.round(fcp)} ms` : 'n/a'}`);
    console.table(assets.map((a) => ({ asset: a.url, kind: a.kind, gzip: kb(a.gzip), 'before paint': a.beforePaint ? 'yes' : 'later' })));
    console.log(
      `JS at first paint ${kb(jsAtPaint)} gzip${budget ? ' (budget 150 KB)' : ''}; all JS by network idle ${kb(sum(js))}; CSS ${kb(css)}; Ant Design loaded: ${antd.length ? antd.join(', ') : 'no'}; Recharts loaded: ${recharts.length ? recharts.join(', ') : 'no'}`,
    );
    if ((budget && jsAtPaint > 150 * 1024) || antd.length > 0 || recharts.length > 0) failed = true;
  }
}
await browser.close();
server.kill();
if (failed) {
  console.error('\nOver budget.');
  process.exitCode = 1;
}
