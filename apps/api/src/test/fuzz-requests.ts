import fc from 'fast-check';
import type { z } from 'zod';
import { arbitraryFor, deepJson, fittingFor, jsonText, nastyFor, nastyString, wrongValue, type Mode, type Pools } from './contract-arbitraries.ts';

/*
 * HTTP requests for one route, from its zod schemas (params, querystring, body): fitting ones,
 * nasty ones, hostile ones, and raw bodies no contract describes (deep nesting, broken JSON,
 * wrong content types), plus malformed multipart forms for the upload route.
 */

type Schema = z.core.$ZodType;

export interface RouteSchemas {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Sent this many times at once (races: two sign-ups with one e-mail, two rooms with one number). */
  copies?: number;
}

/** Percent-encodes any string, lone surrogates included (as the WTF-8 bytes a sloppy client sends). */
function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : jsonText(value));

/** Path segments and query parts that no encoder makes: broken escapes, encoded NUL, `/`, overlong UTF-8. */
const RAW_GARBAGE = ['%', '%zz', '%0', '%00', '%2F', '%2e%2e', '..', '.', '%ED%A0%80', '%C0%AF', '%FF', '%F0%9F%98', '~', "'", '%u0000'];

const shapeOf = (schema: unknown) =>
  schema ? ((schema as { _zod: { def: { shape?: Record<string, Schema> } } })._zod.def.shape ?? {}) : {};

/** One path segment for a `:param` (or a `*` rest). */
function segmentFor(schema: Schema | undefined, mode: Mode, pools: Pools, key: string): fc.Arbitrary<string> {
  const value = schema ? arbitraryFor(schema, mode === 'hostile' ? 'nasty' : mode, pools, key) : nastyString;
  const encoded = value.map((v) => percentEncode(asText(v)));
  if (mode !== 'hostile') return encoded;
  return fc.oneof(encoded, fc.constantFrom(...RAW_GARBAGE), fc.integer({ min: 1, max: 10_000 }).map((n) => 'x'.repeat(n)));
}

function pathFor(url: string, params: unknown, mode: Mode, pools: Pools): fc.Arbitrary<string> {
  const shape = shapeOf(params);
  const parts = url.split('/').map((part) => {
    if (part.startsWith(':')) return segmentFor(shape[part.slice(1)], mode, pools, part.slice(1));
    if (part === '*') {
      const file = fc.constantFrom('index.html', 'x.webp', 'a/b/c.png', '..%2f..%2fetc%2fpasswd', 'swagger-ui.css');
      return mode === 'fit' ? file : fc.oneof(file, segmentFor(undefined, 'hostile', pools, '*'));
    }
    return fc.constant(part);
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

/** Values for a whole query or body in a mode. */
const valuesFor = (schema: Schema, mode: Mode, pools: Pools) =>
  mode === 'fit' ? fittingFor(schema, pools) : mode === 'nasty' ? nastyFor(schema, pools) : arbitraryFor(schema, mode, pools);

function queryFor(schema: unknown, mode: Mode, pools: Pools): fc.Arbitrary<string> {
  const pairs = schema
    ? valuesFor(schema as Schema, mode, pools).map((value) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.entries(value).flatMap(([k, v]) =>
              (Array.isArray(v) ? v : [v]).map((item) => `${percentEncode(k)}=${percentEncode(asText(item))}`),
            )
          : [percentEncode(asText(value))],
      )
    : fc.constant<string[]>([]);
  if (mode !== 'hostile') return pairs.map((p) => p.join('&'));
  // Repeated keys (`page=1&page=2`), broken escapes, prototype keys.
  const junk = fc.array(
    fc.oneof(
      fc.constantFrom('page=1&page=2', 'limit=1&limit=1000', 'searchTerm=a&searchTerm=b', '__proto__=1', 'constructor[prototype][x]=1', 'a[b]=1', '&&', '=x'),
      fc.constantFrom(...RAW_GARBAGE).map((g) => `page=${g}`),
      fc.constantFrom(...RAW_GARBAGE),
    ),
    { maxLength: 3 },
  );
  return fc.tuple(pairs, junk).map(([p, j]) => [...p, ...j].join('&'));
}

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/json, text/plain',
  'image/png',
  ';;;',
];
const BROKEN_JSON = ['{', '{"a":}', "{'a':1}", 'nul', '\u0000', '[1,]', '{"a":1}{"b":2}', '\ufeff{}', 'NaN', '{"a":1e999}', '"\\ud800"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'];

/** `value` with its `index`-th node (root first, in walk order, modulo their count) replaced by `replacement`. */
function replaceNode(value: unknown, index: number, replacement: unknown): unknown {
  const children = (v: unknown): unknown[] => (v && typeof v === 'object' ? Object.values(v) : []);
  const count = (v: unknown): number => 1 + children(v).reduce<number>((n, c) => n + count(c), 0);
  let target = index % count(value);
  const walk = (v: unknown): unknown => {
    if (target-- === 0) return replacement;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, c]) => [k, walk(c)]));
    return v;
  };
  return walk(value);
}

/** Bodies no contract describes: deep nesting (alone and inside a fitting body), broken JSON, empty, wrong content types. */
function rawBodyFor(fit: fc.Arbitrary<unknown>): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const json = (payload: string) => ({ payload, contentType: 'application/json' });
  return fc.oneof(
    deepJson.map((deep) => json(jsonText(deep))),
    fc.tuple(fit, fc.nat(), deepJson).map(([value, at, deep]) => json(jsonText(replaceNode(value, at, deep)))),
    fc.constantFrom(...BROKEN_JSON).map(json),
    fc.constantFrom('', 'null', '1', '"x"', '[]', 'true', ' ').map(json),
    fc.tuple(fit, fc.constantFrom(...CONTENT_TYPES)).map(([value, contentType]) => ({ payload: asText(value), contentType })),
    fit.map((value) => ({ payload: asText(value) })),
  );
}

const hasBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/**
 * The kinds of request made for a route. Each is its own property, so each reports its own
 * failure: a broken path would otherwise hide what a nasty body does behind it.
 * - `fit`: path, query and body fit the contracts;
 * - `nasty`, `hostile`: the query and body in that mode, the path fitting;
 * - `raw body`: bodies no contract describes, the rest fitting;
 * - `path`: nasty and hostile path parameters, the rest fitting;
 * - `twice at once`: a fitting write sent twice concurrently (unique conflicts, lost updates).
 */
export type RequestKind = Mode | 'raw body' | 'path' | 'twice at once';

type Body = { payload?: string; contentType?: string };

/**
 * Requests for one route (without auth headers), by kind. `racePools` serve the concurrent
 * kind: without the existing names and codes, so two copies race for a new one.
 */
export function requestsFor(
  method: string,
  url: string,
  schema: RouteSchemas,
  pools: Pools,
  racePools: Pools = pools,
): Map<RequestKind, fc.Arbitrary<FuzzRequest>> {
  const body = schema.body as Schema | undefined;
  const build = (modes: { path: Mode; query: Mode }, bodies: fc.Arbitrary<Body>) =>
    fc
      .record({ path: pathFor(url, schema.params, modes.path, pools), query: queryFor(schema.querystring, modes.query, pools), body: bodies })
      .map(
        ({ path, query, body: b }): FuzzRequest => ({
          method,
          url: query ? `${path}?${query}` : path,
          headers: b.contentType === undefined ? {} : { 'content-type': b.contentType },
          ...(b.payload === undefined ? {} : { payload: b.payload }),
        }),
      );
  const jsonBody = (mode: Mode, from = pools): fc.Arbitrary<Body> =>
    body
      ? valuesFor(body, mode, from).map((v) => ({
          payload: jsonText(v),
          contentType: 'application/json',
        }))
      : fc.constant({});
  const fit = { path: 'fit', query: 'fit' } as const;
  const fitting = build(fit, jsonBody('fit'));
  const kinds = new Map<RequestKind, fc.Arbitrary<FuzzRequest>>([['fit', fitting]]);
  if (body || schema.querystring) kinds.set('nasty', build({ path: 'fit', query: 'nasty' }, jsonBody('nasty')));
  kinds.set('hostile', build({ path: 'fit', query: 'hostile' }, jsonBody('hostile')));
  if (hasBody(method)) {
    kinds.set('raw body', build(fit, rawBodyFor(body ? fittingFor(body, pools) : wrongValue)));
    kinds.set('twice at once', build(fit, jsonBody('fit', racePools)).map((request) => ({ ...request, copies: 2 })));
  }
  if (/[:*]/.test(url)) {
    const path = fc.oneof(build({ path: 'nasty', query: 'fit' }, jsonBody('fit')), build({ path: 'hostile', query: 'fit' }, jsonBody('fit')));
    kinds.set('path', path);
  }
  return kinds;
}

/* ---------- multipart ---------- */

interface Part {
  name: string;
  filename: string | null;
  type: string | null;
  body: Uint8Array | string;
  headerLines: string[];
}

function multipartBody(boundary: string, parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename === null ? '' : `; filename="${part.filename}"`}`;
    const head = [`--${boundary}`, disposition, ...(part.type === null ? [] : [`Content-Type: ${part.type}`]), ...part.headerLines];
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  return Buffer.concat(chunks);
}

/**
 * `POST /api/uploads` bodies: a real small image now and then, and forms broken every other
 * way: no boundary, a boundary that never closes, a part cut off, garbage, too many parts.
 */
export function multipartRequests(image: Buffer): fc.Arbitrary<FuzzRequest> {
  const part = fc.record<Part>({
    name: fc.constantFrom('file', 'file', 'purpose', 'other', '', 'a\u0000b', 'x'.repeat(300)),
    filename: fc.option(fc.constantFrom('a.png', '', '../../x.png', 'a\u0000.png', 'é.png', 'x'.repeat(1000)), { nil: null }),
    type: fc.option(fc.constantFrom('image/png', 'text/plain', '', 'application/octet-stream'), { nil: null }),
    body: fc.oneof(
      fc.constant(image),
      fc.constant(image.subarray(0, Math.floor(image.length / 2))),
      fc.constantFrom('content', 'profile', 'event', ''),
      nastyString,
      fc.uint8Array({ maxLength: 64 }),
      fc.constant('x'.repeat(2000)),
    ),
    headerLines: fc.array(fc.constantFrom('Content-Transfer-Encoding: base64', 'X: y', 'garbage line', ':', 'Content-Disposition: attachment'), {
      maxLength: 2,
    }),
  });
  return fc
    .record({
      boundary: fc.oneof(fc.constant('----fuzzBoundary7MA4YWxk'), fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/)),
      parts: fc.array(part, { maxLength: 12 }),
      ending: fc.constantFrom('closed', 'never closed', 'cut off', 'garbage after', 'garbage only'),
      cut: fc.nat(),
      header: fc.constantFrom('boundary', 'quoted boundary', 'no boundary', 'other boundary', 'empty boundary', 'not multipart'),
    })
    .map(({ boundary, parts, ending, cut, header }): FuzzRequest => {
      let payload = multipartBody(boundary, parts);
      if (ending === 'closed') payload = Buffer.concat([payload, Buffer.from(`--${boundary}--\r\n`)]);
      if (ending === 'cut off') payload = payload.subarray(0, cut % (payload.length + 1));
      if (ending === 'garbage after') payload = Buffer.concat([payload, Buffer.from(`--${boundary}--\r\n\u0000\u0000garbage`)]);
      if (ending === 'garbage only') payload = Buffer.from(`--${boundary}\r\n\u0000\ud800 garbage without headers`);
      const contentType = {
        boundary: `multipart/form-data; boundary=${boundary}`,
        'quoted boundary': `multipart/form-data; boundary="${boundary}"`,
        'no boundary': 'multipart/form-data',
        'other boundary': 'multipart/form-data; boundary=somethingElse',
        'empty boundary': 'multipart/form-data; boundary=',
        'not multipart': 'application/octet-stream',
      }[header];
      return { method: 'POST', url: '/api/uploads', headers: { 'content-type': contentType }, payload };
    });
}
