import { addDays, HOTEL_TIME_ZONE_DEFAULT, isIsoDate, todayAt } from '@residency/shared';
import fc from 'fast-check';
import { z } from 'zod';

/*
 * fast-check arbitraries read off the zod contracts of packages/shared, by walking each schema's
 * `_zod.def` (its type, its children and its checks: lengths, bounds, formats, patterns).
 *
 * Three modes:
 * - `fit`: values that (mostly) pass the contract, so requests reach the services and the database;
 * - `nasty`: the same shapes, types and formats, but free text carries NUL, lone surrogates,
 *   control and bidi characters or runs long, numbers and dates sit on the edges, unknown JSON
 *   nests thousands deep: what a contract lets through and the layers behind it must still take;
 * - `hostile`: formats broken too, and the shape itself: wrong types, keys missing or added
 *   (`__proto__`, …), arrays for objects.
 */

type Schema = z.core.$ZodType;
/** A loose view of `schema._zod.def`: the fields read here. */
interface Def {
  type: string;
  checks?: Schema[];
  [field: string]: unknown;
}
interface CheckDef {
  check: string;
  [field: string]: unknown;
}

export type Mode = 'fit' | 'nasty' | 'hostile';

/** Values of rows that exist, so fitting requests get past the 404 checks. */
export interface Pools {
  /** Ids drawn (about half of the time) for UUID fields. */
  uuids?: readonly string[];
  /** Existing values by property name (`name`, `code`, `email`, `beds_and_bedding`, …). */
  byKey?: Readonly<Record<string, readonly unknown[]>>;
}

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const optionalInput = (schema: Schema) => (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

/** Refinements of the shared package with a generator of their own (a refine cannot be inverted). */
const today = () => todayAt(HOTEL_TIME_ZONE_DEFAULT);
const isoDateNearToday = fc.integer({ min: 0, max: 75 }).map((days) => addDays(today(), days));
const isoDateEdges = fc.oneof(
  fc.constantFrom('0100-01-01', '1970-01-01', '2000-02-29', '9999-12-31'),
  fc.integer({ min: -3, max: -1 }).map((days) => addDays(today(), days)),
);
const KNOWN_REFINEMENTS = new Map<unknown, { fit: fc.Arbitrary<string>; nasty: fc.Arbitrary<string> }>([
  [isIsoDate, { fit: isoDateNearToday, nasty: fc.oneof(isoDateNearToday, isoDateEdges) }],
]);

/* ---------- nasty and wrong values ---------- */

/** What PostgreSQL refuses in text and JSON: NUL and lone surrogates (drawn most often). */
const UNSTORABLE = ['\u0000', '\ud800', '\udfff', '\udc00\ud800'] as const;
/** Characters that break naive string handling, databases and terminals. */
const NASTY_CHUNKS = [
  ...UNSTORABLE, '\u0001', '\u0008', '\u001b[31m', '\u007f', '\u0085',
  '\u2028', '\u202e', '\u200b', '\u200f', '\u2066', '\ufeff', '\uffff', '\ufffd', 'e\u0301', '🏨', '\r\n',
  '%00', '\\', '"', "'", '<script>', '{{name}}',
] as const;

const NASTY_STRINGS = [
  '', ' ', '\u0000', '\ud800', '\udfff', 'NaN', 'Infinity', '-0', '1e308', '1e309', '0x10', 'null', 'undefined',
  'true', '[]', '{}', '__proto__', 'constructor', "' OR 1=1 --", '../../etc/passwd', '%s%n%x', '${7*7}',
] as const;

const nastyChunk = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...UNSTORABLE) }, { weight: 3, arbitrary: fc.constantFrom(...NASTY_CHUNKS) });
const nastyUnit = fc.oneof(fc.constantFrom(...NASTY_CHUNKS), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));

/** A string of `length` UTF-16 units made of one character (emoji may end in half a pair). */
const repeatTo = (char: string, length: number) => char.repeat(Math.ceil(length / char.length)).slice(0, length);

/** Strings of the right type that a contract with these length limits may still let through. */
function nastyStringFor(fit: fc.Arbitrary<string>, maxLength: number): fc.Arbitrary<string> {
  // Lengths shrink towards the limit, so a failure reports the shortest string that breaks things.
  const long = Number.isFinite(maxLength)
    ? fc.oneof(fc.constant(maxLength), fc.integer({ min: maxLength + 1, max: 100_000 }))
    : fc.integer({ min: 1, max: 100_000 });
  return fc.oneof(
    // A fitting value with one nasty chunk spliced in: passes most contracts, reaches the database.
    { weight: 5, arbitrary: fc.tuple(fit, nastyChunk, fc.nat()).map(([s, chunk, at]) => splice(s, chunk, at)) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', 'é', '🏨', '\u0000'), long).map(([c, n]) => repeatTo(c, n)) },
    { weight: 1, arbitrary: fc.string({ unit: nastyUnit, maxLength: 12 }) },
  );
}
const splice = (s: string, chunk: string, at: number) => {
  const i = at % (s.length + 1);
  return s.slice(0, i) + chunk + s.slice(i);
};
export const nastyString = nastyStringFor(fc.string({ maxLength: 12 }), 200);

const EDGE_NUMBERS = [
  0, -0, -1, 0.1, 1.5, 1e308, -1e308, 5e-324, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
];

/** JSON nested `depth` levels: `[[[…]]]` or `{"a":{"a":…}}`. */
function deepJsonText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}
/** Depths around where parsers and serialisers give up (JSON.stringify near 4,500); shrinks to the first that fails. */
const deepDepth = fc.oneof(fc.integer({ min: 4000, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }));
const DEEP_MARK = /"@@deep-json:(array|object):(\d+)@@"/g;
/**
 * Deeply nested JSON as a value for places that take any JSON. It stays a marker until
 * `jsonText` writes it: JSON.stringify itself overflows its stack near 4,500 levels.
 */
export const deepJson = fc
  .tuple(deepDepth, fc.constantFrom('array', 'object'))
  .map(([depth, kind]) => ({ toJSON: () => `@@deep-json:${kind}:${depth}@@` }));
/** JSON text of a generated value, deep markers written out. */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(DEEP_MARK, (_m, kind: 'array' | 'object', depth: string) =>
    deepJsonText(Number(depth), kind),
  );
}

/** A value of the wrong type, wherever it is put. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, 'NaN', '1e309', '', [], {}, [[]], [{}], { a: null }),
  nastyString,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Keys an object should not carry: prototype keys, empty, NUL, very long. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', 'a\u0000', 'x'.repeat(5000), 'extra'];
const extraEntries = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 8 })), wrongValue), {
  minLength: 1,
  maxLength: 3,
});
/** Own enumerable keys even for `__proto__`, so that JSON.stringify sends them. */
function withEntries(value: Record<string, unknown>, entries: [string, unknown][]): Record<string, unknown> {
  const out = { ...value };
  for (const [key, v] of entries) Object.defineProperty(out, key, { value: v, enumerable: true, configurable: true, writable: true });
  return out;
}

/* ---------- the walk ---------- */

/**
 * Fitting values for a whole body or query, kept to those the contract accepts, unless that is
 * rare: rules across fields (check-out after check-in) and refinements by function cannot be read
 * off the schema, so the walk alone gets only part of them right.
 */
export function fittingFor(schema: Schema, pools: Pools = {}): fc.Arbitrary<unknown> {
  const values = arbitraryFor(schema, 'fit', pools);
  const accepted = (value: unknown) => z.safeParse(schema, value).success;
  const rate = fc.sample(values, { numRuns: 50, seed: 1 }).filter(accepted).length / 50;
  return rate >= 0.1 ? values.filter(accepted) : values;
}

/** An arbitrary of values for `schema` in the given mode; `key` is the property it sits under. */
export function arbitraryFor(schema: Schema, mode: Mode, pools: Pools = {}, key?: string): fc.Arbitrary<unknown> {
  const shaped = shapeOf(schema, mode, pools, key);
  const pool = key === undefined ? undefined : pools.byKey?.[key];
  const withPool = pool && pool.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: shaped }) : shaped;
  return mode === 'hostile' ? fc.oneof({ weight: 6, arbitrary: withPool }, { weight: 1, arbitrary: wrongValue }) : withPool;
}

function shapeOf(schema: Schema, mode: Mode, pools: Pools, key?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const child = (s: Schema, k = key) => arbitraryFor(s, mode, pools, k);
  switch (def.type) {
    case 'string':
      return stringFor([def], mode, pools);
    case 'number':
      return numberFor([def], mode);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'array': {
      const { minLength = 0, maxLength = Infinity } = boundsOf([def]);
      return fc.array(child(def.element as Schema), { minLength, maxLength: Math.min(maxLength, minLength + 4) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as Schema[]).map((item) => child(item)));
    case 'object':
      return objectFor(def.shape as Record<string, Schema>, mode, pools);
    case 'record':
      return fc
        .array(fc.tuple(stringFor([defOf(def.keyType as Schema)], mode, pools), child(def.valueType as Schema)), { maxLength: 4 })
        .map((entries) => withEntries({}, entries));
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => child(option)));
    case 'nullable':
      return fc.oneof({ weight: 4, arbitrary: child(def.innerType as Schema) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      // Leaving the value out is the object's choice (optional input keys).
      return child(def.innerType as Schema);
    case 'lazy':
      return child((def.getter as () => Schema)());
    case 'pipe':
      return pipeFor(def, mode, pools, key);
    default:
      // unknown, any, transform, custom, intersection…: any JSON, nested deep when nasty.
      return mode === 'fit' ? fc.jsonValue({ maxDepth: 2 }) : fc.oneof(fc.jsonValue({ maxDepth: 2 }), nastyString, deepJson);
  }
}

function objectFor(shape: Record<string, Schema>, mode: Mode, pools: Pools): fc.Arbitrary<unknown> {
  const children = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, arbitraryFor(s, mode, pools, k)]));
  const requiredKeys = Object.keys(shape).filter((k) => !optionalInput(shape[k]!));
  const record = fc.record(children, { requiredKeys });
  if (mode !== 'hostile') return record;
  const anyKeysMissing = fc.record(children, { requiredKeys: [] });
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: record }, { weight: 1, arbitrary: anyKeysMissing }), fc.option(extraEntries, { freq: 3 }))
    .map(([value, extra]) => (extra ? withEntries(value, extra) : value));
}

/** The type a schema takes as input, through the `in` side of pipes. */
const inputType = (schema: Schema): string => {
  const def = defOf(schema);
  return def.type === 'pipe' ? inputType(def.in as Schema) : def.type;
};
/** The defs along a chain of pipes between values of one type (transforms dropped). */
const chainDefs = (schema: Schema): Def[] => {
  const def = defOf(schema);
  if (def.type === 'pipe') return [...chainDefs(def.in as Schema), ...chainDefs(def.out as Schema)];
  return def.type === 'transform' ? [] : [def];
};

/**
 * `a.pipe(b)`: a string piped into a string (or a number into a number) is one value with the
 * checks of both; a preprocess (transform in) generates for `b`; a transform out generates for
 * `a`; text piped into an object (`guests`) is that object's JSON.
 */
function pipeFor(def: Def, mode: Mode, pools: Pools, key?: string): fc.Arbitrary<unknown> {
  const input = def.in as Schema;
  const output = def.out as Schema;
  const from = inputType(input);
  const to = inputType(output);
  if (to === 'transform') return arbitraryFor(input, mode, pools, key);
  if (from === 'transform') return arbitraryFor(output, mode, pools, key);
  if (from === 'string' && to === 'string') return stringFor(chainDefs(input).concat(chainDefs(output)), mode, pools);
  if (from === 'number' && to === 'number') return numberFor(chainDefs(input).concat(chainDefs(output)), mode);
  if (from === 'string') return arbitraryFor(output, mode, pools, key).map((value) => JSON.stringify(value) ?? '');
  return arbitraryFor(input, mode, pools, key);
}

/**
 * Nasty values for a whole body or query: half of them a fitting value with just one leaf made
 * nasty (so the rest passes and the nasty leaf reaches the service and the database), half nasty
 * all over.
 */
export function nastyFor(schema: Schema, pools: Pools = {}): fc.Arbitrary<unknown> {
  const nasty = arbitraryFor(schema, 'nasty', pools);
  const oneLeaf = fc.tuple(fittingFor(schema, pools), nasty, fc.nat()).map(([fit, bad, pick]) => {
    // Leaves of the nasty value that have a place in the fitting one (optional keys included).
    const paths = leafPaths(bad).filter((path) => path.length > 0 && isContainer(valueAt(fit, path.slice(0, -1))));
    // Mostly a text leaf: that is where NUL and broken Unicode travel to the database.
    const texts = paths.filter((path) => typeof valueAt(bad, path) === 'string');
    const from = texts.length > 0 && pick % 4 !== 0 ? texts : paths;
    if (from.length === 0) return fit;
    const path = from[Math.floor(pick / 4) % from.length]!;
    return withValueAt(fit, path, valueAt(bad, path));
  });
  return fc.oneof(oneLeaf, nasty);
}

type Path = (string | number)[];
const isContainer = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !('toJSON' in v);
const leafPaths = (value: unknown, at: Path = []): Path[] =>
  isContainer(value) ? Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...at, Array.isArray(value) ? Number(k) : k])) : [at];
const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, key) => (isContainer(v) && Object.hasOwn(v, key) ? v[key] : undefined), value);
function withValueAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  Object.defineProperty(copy, key!, { value: withValueAt(copy[key!], rest, leaf), enumerable: true, configurable: true, writable: true });
  return copy;
}

/* ---------- checks: lengths, bounds, formats ---------- */

interface Bounds {
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  minExcluded?: boolean;
  maxExcluded?: boolean;
  integer?: boolean;
  format?: string;
  pattern?: RegExp;
  refinements: unknown[];
}

function boundsOf(defs: Def[]): Bounds {
  const bounds: Bounds = { refinements: [] };
  const checks: CheckDef[] = [];
  for (const def of defs) {
    // A format schema (z.uuid(), z.email()) is itself a check.
    if (typeof def.format === 'string') checks.push({ ...def, check: 'string_format' });
    for (const check of def.checks ?? []) checks.push(defOf(check) as unknown as CheckDef);
  }
  for (const c of checks) {
    if (c.check === 'min_length') bounds.minLength = Math.max(bounds.minLength ?? 0, c.minimum as number);
    if (c.check === 'max_length') bounds.maxLength = Math.min(bounds.maxLength ?? Infinity, c.maximum as number);
    if (c.check === 'length_equals') bounds.minLength = bounds.maxLength = c.length as number;
    if (c.check === 'greater_than') [bounds.min, bounds.minExcluded] = [c.value as number, !c.inclusive];
    if (c.check === 'less_than') [bounds.max, bounds.maxExcluded] = [c.value as number, !c.inclusive];
    if (c.check === 'number_format') bounds.integer = true;
    if (c.check === 'string_format') {
      bounds.format = c.format as string;
      if (c.pattern instanceof RegExp) bounds.pattern = c.pattern;
    }
    if (c.check === 'custom') bounds.refinements.push(c.fn);
  }
  return bounds;
}

const PLAIN = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,'];

function stringFor(defs: Def[], mode: Mode, pools: Pools): fc.Arbitrary<string> {
  const b = boundsOf(defs);
  const minLength = b.minLength ?? 0;
  const maxLength = b.maxLength ?? Infinity;
  const fitsLength = (s: string) => s.length >= minLength && s.length <= maxLength;
  const known = b.refinements.map((fn) => KNOWN_REFINEMENTS.get(fn)).find(Boolean);
  let fit: fc.Arbitrary<string>;
  if (known) fit = known.fit;
  else if (b.format === 'uuid' || b.format === 'guid') {
    fit = pools.uuids?.length ? fc.oneof(fc.constantFrom(...pools.uuids), fc.uuid()) : fc.uuid();
  } else if (b.pattern) fit = fc.stringMatching(b.pattern).filter(fitsLength);
  else fit = fc.string({ unit: fc.constantFrom(...PLAIN), minLength, maxLength: Math.min(maxLength, minLength + 24) });
  if (mode === 'fit') return fit;
  if (known) return mode === 'nasty' ? known.nasty : fc.oneof(known.nasty, nastyStringFor(fit, maxLength));
  // A formatted string made nasty fails its format at once, so nasty values keep to the format
  // (hostile ones do not); free text carries the nasty characters to the database.
  const formatted = b.format !== undefined || b.pattern !== undefined;
  if (formatted) return mode === 'nasty' ? fit : fc.oneof(fit, nastyStringFor(fit, maxLength));
  return fc.oneof({ weight: 1, arbitrary: fit }, { weight: 3, arbitrary: nastyStringFor(fit, maxLength) });
}

function numberFor(defs: Def[], mode: Mode): fc.Arbitrary<number> {
  const b = boundsOf(defs);
  const min = b.min ?? -1e6;
  const max = b.max ?? 1e6;
  const fit = b.integer
    ? fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.min(Math.floor(max), Math.ceil(min) + 10) }),
        fc.integer({ min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) }),
      )
    : fc.double({ min, max, minExcluded: b.minExcluded, maxExcluded: b.maxExcluded, noNaN: true, noDefaultInfinity: true });
  if (mode === 'fit') return fit;
  // The contract's own edges pass it; the others test what rejects them.
  const edges = [min, max, ...EDGE_NUMBERS].filter(Number.isFinite);
  return fc.oneof({ weight: 3, arbitrary: fit }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}
