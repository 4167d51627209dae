import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses the answers the server builds itself (JSON, the pages' HTML, the sitemap, robots.txt)
 * when the client says it accepts brotli or gzip: the room list of /accommodation is 23.7 KB as JSON
 * and 5 KB in gzip, on a phone's network the difference is most of a round trip's worth of
 * bandwidth before the page's largest paint (issue 23). Files of the web build are not touched
 * here: they are streams, served from their gzip and brotli twins made at build time (web.ts).
 *
 * Left as they are: bodies under 1 KB (the encoding's cost buys nothing), answers that already
 * have an encoding, 204/304, and clients that accept neither (curl, monitors, the load
 * benchmarks' autocannon, which sends no Accept-Encoding). Every answer that could be compressed
 * says `Vary: Accept-Encoding`, so a cache keeps the two forms apart.
 *
 * A cached answer is a Buffer sent again and again (lib/respond.ts, sendSerialized): its
 * compressed forms are kept beside it (a WeakMap: they go when the cache lets the Buffer go), so
 * the hot lists are compressed once per change, not once per request.
 */

/** Smaller bodies are sent as they are. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)\b|application\/[\w.+-]+\+(json|xml)\b|image\/svg\+xml\b)/i;

type Encoding = 'br' | 'gzip';

// Brotli at quality 5 and gzip at 6: a few milliseconds for the largest lists, most of the gain.
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const encoders: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzip(body, { level: 6 }),
};

const compressedBuffers = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

/**
 * The encoding to send for an Accept-Encoding header: brotli when accepted, else gzip, else none.
 * `q=0` refuses an encoding; `*` stands for the ones not named.
 */
function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  const wants = (encoding: Encoding) => (q.get(encoding) ?? q.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding, memo: boolean): Promise<Buffer> {
  if (!memo) return encoders[encoding](body);
  let forms = compressedBuffers.get(body);
  if (!forms) compressedBuffers.set(body, (forms = {}));
  return (forms[encoding] ??= encoders[encoding](body));
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** A callback hook, not an async one: the answers it leaves alone (most, under load) cost no promise. */
function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) {
  const encoding = encodingFor(request, reply, payload);
  if (!encoding) return done(null, payload);
  const body = typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer);
  compress(body, encoding, Buffer.isBuffer(payload)).then((compressed) => {
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, compressed);
  }, done);
}

/** The encoding to send this answer in, or null to send it as it is. */
function encodingFor(request: FastifyRequest, reply: FastifyReply, payload: unknown): Encoding | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null; // streams: files, their own encoding
  if (reply.statusCode === 204 || reply.statusCode === 304 || reply.getHeader('content-encoding')) return null;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return null;
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (length < MIN_COMPRESS_BYTES) return null;
  addVary(reply);
  return chooseEncoding(request.headers['accept-encoding']);
}

export default fp(
  async function compression(app: FastifyInstance) {
    app.addHook('onSend', onSend);
  },
  { name: 'compression' },
);
