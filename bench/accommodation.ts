/**
 * The rooms page on a phone: at 375 px wide, loads /accommodation on a fresh database (the demo
 * rooms and their pictures), scrolls to the bottom so every lazy photo loads, and reports the
 * largest image the page fetched (target ≤ 200 KB) and the cumulative layout shift seen by a
 * PerformanceObserver('layout-shift') (target 0). Runs in English at device pixel ratios 1
 * and 3 (a cheap phone and a good one: the srcset picks bigger files for the second) and in
 * Bengali at 2 (its own web fonts). Exits non-zero when a target is missed.
 * Usage: node bench/accommodation.ts   (after `npm run build`; WEB_DIST=<dir> measures another build)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
const MAX_IMAGE_BYTES = 200 * 1024;
const MAX_CLS = 0;
const port = Number(process.env.BENCH_PORT ?? 3292);
const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-accommodation-'));
const server = spawn(process.execPath, [path.join(root, 'bench/servers/app-server.ts')], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    WEB_DIST: dist,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
// A first start draws the demo pictures: allow it three minutes on a busy machine.
for (;;) {
  try {
    if ((await fetch(`${base}/api/room-categories`)).ok) break;
  } catch {
    // not listening yet
  }
  if (performance.now() - started > 180_000) {
    server.kill();
    throw new Error('the server did not answer within 180 s');
  }
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`server with demo data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

interface Shift {
  value: number;
  sources: string[];
}

async function measure(deviceScaleFactor: number, lng: 'en' | 'bn') {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript((language) => {
    localStorage.setItem('lng', language);
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; startTime: number; sources?: Source[] }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const node = s.node;
          const el = node instanceof HTMLElement ? node : node?.parentElement;
          const what = node instanceof HTMLElement ? '' : `text "${(node?.textContent ?? '').trim().slice(0, 30)}" in `;
          const name = el ? `${what}${el.nodeName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}.${String(el.className ?? '').slice(0, 50)}` : '?';
          const r = (x: DOMRectReadOnly) => `${Math.round(x.x)},${Math.round(x.y)} ${Math.round(x.width)}x${Math.round(x.height)}`;
          return `${name} (${r(s.previousRect)} -> ${r(s.currentRect)} at ${Math.round(entry.startTime)} ms)`;
        });
        w.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, lng);
  const images = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image') return;
    pending.push(
      response
        .body()
        .then((body) => {
          images.set(new URL(response.url()).pathname, body.length);
        })
        .catch(() => {}),
    );
  });

  await page.goto(`${base}/accommodation`, { waitUntil: 'networkidle' });
  await page.getByTestId('room-card').first().waitFor();
  // Scroll down the way a thumb does, a screen at a time, letting lazy photos load.
  for (let i = 0; i < 60; i++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, Math.round(window.innerHeight * 0.8));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atBottom) break;
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await Promise.all(pending);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  await context.close();
  return { images, shifts };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;
for (const [dpr, lng] of [[1, 'en'], [3, 'en'], [2, 'bn']] as const) {
  const { images, shifts } = await measure(dpr, lng);
  const sorted = [...images].sort((a, b) => b[1] - a[1]);
  const [largestUrl, largest] = sorted[0] ?? ['(none)', 0];
  const total = sorted.reduce((s, [, bytes]) => s + bytes, 0);
  const cls = shifts.reduce((s, e) => s + e.value, 0);
  console.log(`\n/accommodation at 375 px, device pixel ratio ${dpr}, ${lng === 'en' ? 'English' : 'Bengali'}: ${images.size} images, ${kb(total)} in all`);
  console.table(sorted.slice(0, 8).map(([url, bytes]) => ({ image: url, size: kb(bytes) })));
  console.log(`largest image ${kb(largest)} (${largestUrl}; target ≤ ${kb(MAX_IMAGE_BYTES)})`);
  console.log(`cumulative layout shift ${cls.toFixed(4)} (target ${MAX_CLS})`);
  for (const shift of shifts) console.log(`  shift ${shift.value.toFixed(4)}: ${shift.sources.join(', ')}`);
  if (images.size === 0 || largest > MAX_IMAGE_BYTES || cls > MAX_CLS) failed = true;
}

await browser.close();
server.kill();
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
if (failed) {
  console.error('\nOver target.');
  process.exitCode = 1;
}
