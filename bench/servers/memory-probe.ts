/**
 * Preloaded into a server under test (`node --import ./bench/servers/memory-probe.ts …`): every
 * MEMORY_PROBE_MS (default 5,000) it appends one JSON line to MEMORY_PROBE_FILE with the process's
 * RSS, V8 heap, external and array buffers, and the size of PGlite's WebAssembly memory (which
 * process.memoryUsage() does not count anywhere but in RSS). The PGlite instance is caught by
 * wrapping PGlite.create, so the server's code is not touched.
 */
import { appendFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const file = process.env.MEMORY_PROBE_FILE;
const every = Number(process.env.MEMORY_PROBE_MS ?? 5000);
const instances: PGlite[] = [];

const create = PGlite.create.bind(PGlite);
(PGlite as unknown as { create: typeof create }).create = (async (...args: Parameters<typeof create>) => {
  const instance = await create(...args);
  instances.push(instance as PGlite);
  return instance;
}) as typeof create;

/** Bytes of the WebAssembly memory of every PGlite opened so far (it grows, never shrinks). */
function wasmBytes(): number {
  let total = 0;
  for (const p of instances) {
    const mod = (p as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod;
    if (!p.closed) total += mod?.HEAPU8?.byteLength ?? 0;
  }
  return total;
}

const MB = 1024 * 1024;
if (file) {
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    const line = {
      t: Date.now(),
      rss: Math.round(m.rss / MB),
      heapUsed: Math.round(m.heapUsed / MB),
      heapTotal: Math.round(m.heapTotal / MB),
      external: Math.round(m.external / MB),
      arrayBuffers: Math.round(m.arrayBuffers / MB),
      pgliteWasm: Math.round(wasmBytes() / MB),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, every);
  timer.unref();
}
