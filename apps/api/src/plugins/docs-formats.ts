import { ISO_DATE_PATTERN, isIsoDate } from '@residency/shared';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * How the zod contracts read in the API reference (/api/openapi.json): each string says its
 * format and pattern, so that a client generated from the document sends what the server accepts.
 *
 * - A date is a string refined by `isIsoDate` (every contract's own date helper is one): it reads
 *   `format: date` with ISO_DATE_PATTERN, wherever the refinement sits.
 * - A trimmed string's least length is a pattern too (it counts what is left after the trim).
 * - A string piped into a formatted one (`zText().trim().pipe(z.email())`, a time piped into
 *   `z.iso.datetime()`) reads, as a request, like its input side, which zod leaves without a
 *   format: it takes the format and pattern of the side the value must pass.
 * - Links and feed addresses say theirs in the contract itself (`.meta({ format, pattern })`).
 */

type JsonSchema = Record<string, unknown>;
type CheckDef = { check?: string; format?: string; pattern?: RegExp; fn?: unknown; tx?: (value: string) => unknown; minimum?: number };
type Def = { type: string; checks?: { _zod: { def: CheckDef } }[]; in?: z.ZodType; out?: z.ZodType };
interface OverrideContext {
  zodSchema: unknown;
  jsonSchema: JsonSchema;
}

const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** JSON Schema of the side of a pipe a value must pass, as a request reads it. */
function inputJson(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any', override: describeFormats }) as JsonSchema;
}

/** Adds `pattern` to a schema that may have one already (JSON Schema takes one per object: the second goes under allOf). */
function addPattern(json: JsonSchema, pattern: string) {
  if (json.pattern === undefined || json.pattern === pattern) json.pattern = pattern;
  else json.allOf = [...((json.allOf as JsonSchema[] | undefined) ?? []), { pattern }];
}

/** A trim, told from the other overwrites (toUpperCase, normalize) by what it does. */
const isTrim = (check: CheckDef) => check.check === 'overwrite' && typeof check.tx === 'function' && check.tx(' a ') === 'a';
/** A change of case (toUpperCase, toLowerCase). */
const changesCase = (check: CheckDef) => check.check === 'overwrite' && typeof check.tx === 'function' && check.tx('aB') !== 'aB';

/** Takes out of `json` the patterns zod wrote for `sources` (in `pattern`, or alone in an allOf entry). */
function dropPatterns(json: JsonSchema, sources: Set<string>) {
  const kept = [json.pattern, ...((json.allOf as JsonSchema[] | undefined) ?? []).map((part) => part.pattern)].filter(
    (p): p is string => typeof p === 'string' && !sources.has(p),
  );
  delete json.pattern;
  const others = ((json.allOf as JsonSchema[] | undefined) ?? []).filter((part) => !(Object.keys(part).length === 1 && 'pattern' in part));
  if (others.length > 0) json.allOf = others;
  else delete json.allOf;
  for (const pattern of kept) addPattern(json, pattern);
}

/**
 * What a string's checks say beyond zod's own keywords: a date (the `isIsoDate` refinement),
 * and a least length counted after a trim (`zText().trim().min(1)`), which `minLength` alone
 * does not say: "   " has 3 characters and is still refused as empty. A pattern checked after a
 * change of case speaks of the server's capitals, not of what a client sends: left out (the
 * contract checks what is sent with a pattern of its own before the change).
 */
function describeString(def: Def, json: JsonSchema) {
  let trimmed = false;
  let caseChanged = false;
  const afterCase = new Set<string>();
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    if (changesCase(check)) caseChanged = true;
    if (caseChanged && check.check === 'string_format' && check.pattern instanceof RegExp) afterCase.add(check.pattern.source);
    if (check.check === 'custom' && check.fn === isIsoDate) {
      json.format = 'date';
      addPattern(json, ISO_DATE_PATTERN);
    }
    if (isTrim(check)) trimmed = true;
    const least = check.check === 'min_length' ? (check.minimum ?? 0) : 0;
    // Trimmed, at least `least` characters: first and last not spaces, with least - 2 between.
    if (trimmed && least > 0) addPattern(json, least === 1 ? String.raw`\S` : String.raw`^\s*\S[\s\S]{${least - 2},}\S\s*$`);
  }
  if (afterCase.size > 0) dropPatterns(json, afterCase);
}

/**
 * zod's `override` for the reference, for requests and answers alike (zod does not say which it
 * converts). It also does what fastify-type-provider-zod's own override does for a 3.1 document,
 * which the provider drops when given another: union branches that say nothing are left out, and
 * a Date reads as an ISO date-time string.
 */
function describeFormats(ctx: OverrideContext) {
  const def = defOf(ctx.zodSchema);
  const json = ctx.jsonSchema;
  if (def.type === 'union' && Array.isArray(json.anyOf)) json.anyOf = (json.anyOf as JsonSchema[]).filter((branch) => Object.keys(branch).length > 0);
  if (def.type === 'date') Object.assign(json, { type: 'string', format: 'date-time' });
  if (def.type === 'string') describeString(def, json);
  // A string piped into a formatted one reads (as a request) like its unformatted input side:
  // it takes the format and pattern of the side that checks it. (Not a preprocess: its input
  // side is a function, and zod already reads it as its output side.)
  if (def.type === 'pipe' && def.in && def.out && defOf(def.in).type !== 'transform' && json.type === 'string') {
    const checked = inputJson(def.out);
    if (checked.type === 'string') {
      if (typeof checked.format === 'string' && json.format === undefined) json.format = checked.format;
      if (typeof checked.pattern === 'string') addPattern(json, checked.pattern);
      if (checked.not !== undefined && json.not === undefined) json.not = checked.not;
    }
  }
}

/** The route schema transform of the reference: zod contracts to JSON Schema, with the formats above. */
export const contractsTransform = createJsonSchemaTransform({
  zodToJsonConfig: { override: describeFormats as never },
});
