/**
 * Page weight of the public pages a guest lands on (the home page, /events): the gzip bytes of the JS and CSS requested before the first
 * contentful paint (what the first view needs), and of everything loaded until the network is
 * idle (including what is deferred until after the page is shown), measured in
 * Chromium against the built app. Each loaded asset is matched to its `.gz` twin in
 * apps/web/dist (the server sends exactly those bytes to a browser that asks for gzip).
 * Usage: node bench/page-weight.ts   (after `npm run build`)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}
const port = 3290;
const server = spawn(process.execPath, [path.join(root, 'bench/servers/app-server.ts')], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'residency-weight-')),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
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
}

/** Ant Design's config provider is in every chunk of its components: found by code, not by file name. */
const ANTD_MARKER = 'getPrefixCls';

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
    const antd = kind === 'js' && existsSync(raw) && readFileSync(raw, 'utf8').includes(ANTD_MARKER);
    assets.push({ url: url.pathname, kind, gzip, beforePaint: fcp !== null && resource.startTime < fcp, antd });
  }
  await page.close();
  return { assets, fcp };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;
const PAGES = [
  ['Home page', '/'],
  ['Meetings & Events', '/events'],
] as const;
for (const [name, route] of PAGES) {
  for (const [label, w, h] of [['phone 375 px', 375, 812], ['desktop 1280 px', 1280, 800]] as const) {
    const { assets, fcp } = await measure(w, h, route);
    const sum = (list: Asset[]) => list.reduce((s, a) => s + a.gzip, 0);
    const js = assets.filter((a) => a.kind === 'js');
    const jsAtPaint = sum(js.filter((a) => a.beforePaint));
    const css = sum(assets.filter((a) => a.kind === 'css'));
    const antd = assets.filter((a) => a.antd).map((a) => a.url);
    console.log(`\n${name} (${route}), ${label}: first contentful paint ${fcp ? `${Math.round(fcp)} ms` : 'n/a'}`);
    console.table(assets.map((a) => ({ asset: a.url, kind: a.kind, gzip: kb(a.gzip), 'before paint': a.beforePaint ? 'yes' : 'later' })));
    console.log(
      `JS at first paint ${kb(jsAtPaint)} gzip (budget 150 KB); all JS by network idle ${kb(sum(js))}; CSS ${kb(css)}; Ant Design loaded: ${antd.length ? antd.join(', ') : 'no'}`,
    );
    if (jsAtPaint > 150 * 1024 || antd.length > 0) failed = true;
  }
}
await browser.close();
server.kill();
if (failed) {
  console.error('\nOver budget.');
  process.exitCode = 1;
}
