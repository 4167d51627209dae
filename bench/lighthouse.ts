/**
 * Lighthouse on the pages a guest lands on: `/`, `/accommodation` and `/gallery`, with the mobile
 * preset (Lighthouse's default: a mid-range phone, simulated slow 4G and a 4× slower CPU), in
 * Debian's Chromium, against the production build served by the real server on a fresh database
 * with the demo data. Each page is measured RUNS times as a first visit (empty cache and storage);
 * the median of each figure is reported: performance, accessibility and SEO scores, cumulative
 * layout shift (CLS), first and largest contentful paint (FCP, LCP). The median run's LCP element
 * and layout shifts are printed, to see what to fix.
 * Targets: `/` performance ≥ 95, accessibility 100, SEO 100, CLS ≤ 0.02; `/accommodation`
 * performance ≥ 95 (issue 23); `/gallery` performance ≥ 90. Exits non-zero when one is missed.
 * Usage: node bench/lighthouse.ts   (after `npm run build`; WEB_DIST=<dir> measures another build,
 * LIGHTHOUSE_PORT another port, LIGHTHOUSE_REPORTS=<dir> keeps every run's JSON report,
 * LIGHTHOUSE_PAGES=/,/gallery measures only those pages, LIGHTHOUSE_URL=http://… a server that is
 * already running, with its own data)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Lighthouse's own launcher (a dependency of lighthouse): it starts Chromium with a clean profile
// and the remote-debugging port Lighthouse drives.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.WEB_DIST || path.join(root, 'apps/web/dist'));
const RUNS = 3;

interface Target {
  performance?: number;
  accessibility?: number;
  seo?: number;
  cls?: number;
}
const PAGES: [route: string, target: Target][] = [
  ['/', { performance: 95, accessibility: 100, seo: 100, cls: 0.02 }],
  ['/accommodation', { performance: 95 }],
  ['/gallery', { performance: 90 }],
];
const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const pages = only ? PAGES.filter(([route]) => only.includes(route)) : PAGES;

// LIGHTHOUSE_URL: measure a server that is already running (while working on a page) instead.
const given = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3293);
const base = given ?? `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-lighthouse-'));
let server: ChildProcess | undefined;
if (!given) {
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error('Build the web app first: npm run build');
    process.exit(1);
  }
  server = spawn(process.execPath, [path.join(root, 'bench/servers/app-server.ts')], {
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
  // Never leave the server behind (a crash would keep the port, and the next run would measure it).
  process.on('exit', () => server?.kill());
}
const started = performance.now();
// A first start draws the demo pictures: allow it three minutes on a busy machine.
for (;;) {
  try {
    if ((await fetch(`${base}/api/room-categories`)).ok) break;
  } catch {
    // not listening yet
  }
  if (performance.now() - started > 180_000) throw new Error('the server did not answer within 180 s');
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`server with demo data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

interface Run {
  performance: number;
  accessibility: number;
  seo: number;
  cls: number;
  fcp: number;
  lcp: number;
  tbt: number;
  lcpElement: string;
  shifts: string[];
  failedAudits: string[];
  /** Lighthouse's measure of how fast this machine's CPU was during the run (higher is faster). */
  benchmarkIndex: number;
}

/** The details of an audit that lists items (the LCP element, the layout shifts). */
type Items = { items?: { node?: { snippet?: string; selector?: string }; score?: number; items?: unknown[] }[] };

function summarise(lhr: {
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { numericValue?: number; score: number | null; details?: unknown; title: string; scoreDisplayMode: string }>;
}): Run {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const nodeOf = (item: { node?: { snippet?: string; selector?: string } }) => item.node?.snippet?.slice(0, 140) ?? item.node?.selector ?? '?';
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as Items | undefined;
  // Lighthouse 12: a list whose first table holds the element.
  const lcpTable = (lcpDetails?.items?.[0] as Items | undefined)?.items?.[0] as { node?: { snippet?: string } } | undefined;
  const shiftDetails = lhr.audits['layout-shifts']?.details as Items | undefined;
  // The accessibility and SEO audits that failed (what keeps a score below 100).
  const failedAudits = ['accessibility', 'seo'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id} (${lhr.audits[ref.id]!.title})`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    lcpElement: lcpTable ? nodeOf(lcpTable) : '?',
    shifts: (shiftDetails?.items ?? []).map((item) => `${nodeOf(item)} ${(item as { score?: number }).score?.toFixed(4) ?? ''}`),
    failedAudits,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * One Lighthouse run. A run whose trace Chromium failed to record (Lighthouse's NO_NAVSTART,
 * NO_FCP on a busy machine) is run again, up to three times; a page that really fails fails.
 */
async function audit(url: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt >= 3) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.warn(`${url}: ${error.code}, run again`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });

let failed = false;
const rows: Record<string, string | number>[] = [];
for (const [route, target] of pages) {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await audit(`${base}${route}`);
    if (reportsDir) writeFileSync(path.join(reportsDir, `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}-${i + 1}.json`), String(result.report));
    runs.push(summarise(result.lhr as unknown as Parameters<typeof summarise>[0]));
  }
  const m = {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    seo: median(runs.map((r) => r.seo)),
    cls: median(runs.map((r) => r.cls)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
  };
  const misses = [
    target.performance !== undefined && m.performance < target.performance && `performance ${m.performance} < ${target.performance}`,
    target.accessibility !== undefined && m.accessibility < target.accessibility && `accessibility ${m.accessibility} < ${target.accessibility}`,
    target.seo !== undefined && m.seo < target.seo && `SEO ${m.seo} < ${target.seo}`,
    target.cls !== undefined && m.cls > target.cls && `CLS ${m.cls.toFixed(3)} > ${target.cls}`,
  ].filter(Boolean);
  if (misses.length) failed = true;
  rows.push({
    page: route,
    performance: m.performance,
    accessibility: m.accessibility,
    SEO: m.seo,
    CLS: Number(m.cls.toFixed(3)),
    'FCP s': Number((m.fcp / 1000).toFixed(2)),
    'LCP s': Number((m.lcp / 1000).toFixed(2)),
    'TBT ms': Math.round(m.tbt),
    runs: runs.map((r) => r.performance).join('/'),
    'CPU index': Math.round(median(runs.map((r) => r.benchmarkIndex))),
    target: misses.length ? `missed: ${misses.join('; ')}` : 'met',
  });
  // The run whose performance is the median one: what made its figures.
  const typical = runs.find((r) => r.performance === m.performance)!;
  console.log(`\n${route}: performance ${runs.map((r) => r.performance).join(', ')}; LCP element: ${typical.lcpElement}`);
  for (const shift of typical.shifts) console.log(`  layout shift: ${shift}`);
  for (const audit of new Set(runs.flatMap((r) => r.failedAudits))) console.log(`  failed audit: ${audit}`);
}

console.log(`\nLighthouse ${RUNS} runs per page, mobile preset, medians:`);
console.table(rows);
await chrome.kill();
if (server) {
  server.kill();
  await new Promise((r) => server.once('exit', r));
}
rmSync(dataDir, { recursive: true, force: true });
if (failed) {
  console.error('\nTarget missed.');
  process.exitCode = 1;
}
