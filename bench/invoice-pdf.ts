/**
 * The VAT invoice PDF of a long stay: 14 nights in 3 rooms (49 lines, two or three A4 pages), rendered
 * 200 times in English and 200 times in Bengali, one after another in one process, as the API
 * would when guests and the desk print invoices. Fonts are parsed once per process, as in the API.
 * Usage: node bench/invoice-pdf.ts. Target: p95 ≤ 200 ms a PDF in each language.
 */
import { sampleInvoice } from '../apps/api/src/modules/invoices/invoice-fixture.ts';
import { renderInvoicePdf } from '../apps/api/src/modules/invoices/invoice-pdf.ts';

const RENDERS = 200;
const TARGET_P95_MS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// The first render parses the fonts and warms the JIT: measured on its own, then left out.
const firstStart = performance.now();
await renderInvoicePdf(sampleInvoice({ language: 'bn', nights: 14, rooms: 3 }));
const firstMs = performance.now() - firstStart;
for (let i = 0; i < 10; i += 1) await renderInvoicePdf(sampleInvoice({ language: i % 2 ? 'bn' : 'en', nights: 14, rooms: 3 }));

const rows = [];
let failed = false;
for (const language of ['en', 'bn'] as const) {
  const view = sampleInvoice({ language, nights: 14, rooms: 3 });
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS; i += 1) {
    const start = performance.now();
    const pdf = await renderInvoicePdf(view);
    times.push(performance.now() - start);
    bytes = pdf.length;
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  failed ||= p95 > TARGET_P95_MS;
  rows.push({ language, lines: view.lines.length, renders: RENDERS, 'p50 ms': +percentile(times, 50).toFixed(1), 'p95 ms': +p95.toFixed(1), 'max ms': +times.at(-1)!.toFixed(1), 'PDF KB': Math.round(bytes / 1024) });
}
console.log(`first render (fonts parsed, JIT cold): ${firstMs.toFixed(0)} ms`);
console.table(rows);
console.log(`target: p95 ≤ ${TARGET_P95_MS} ms in each language`);
if (failed) process.exitCode = 1;
