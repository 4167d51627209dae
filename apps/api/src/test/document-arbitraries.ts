import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import fc from 'fast-check';

/*
 * Values read off the API reference (/api/openapi.json), not off the zod contracts: what a
 * client generated from the document may send. Each value is drawn from the schema's pattern
 * or format and kept only when a JSON Schema validator (ajv, formats per the specification)
 * accepts it against the whole schema, so "the document allows it" means what it says.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  default?: unknown;
  [keyword: string]: unknown;
}

/** A validator of the document's schemas: draft 2020-12, every format known (an unknown one fails to compile). */
export function documentValidator(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  // (A CommonJS module: its function is also its `default`, which is what TypeScript sees.)
  formats.default(ajv);
  return ajv;
}

const validators = new WeakMap<JsonSchema, ValidateFunction>();
function validatorOf(ajv: Ajv2020, schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const YEARS = { min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true };

/** Strings that have a chance of fitting a format, before the validator has its say. */
const BY_FORMAT: Record<string, fc.Arbitrary<string>> = {
  date: fc.date(YEARS).map(isoDay),
  'date-time': fc.date(YEARS).map((d) => d.toISOString()),
  email: fc.emailAddress(),
  uri: fc.webUrl(),
  'uri-reference': fc.oneof(fc.webUrl(), fc.webPath()),
  uuid: fc.uuid(),
};

function patternStrings(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u'));
  } catch {
    // A pattern fast-check cannot generate from: the format or plain text, then the validator.
    return undefined;
  }
}

function stringsFor(schema: JsonSchema): fc.Arbitrary<string> {
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter((p): p is string => typeof p === 'string');
  const minLength = schema.minLength ?? 0;
  const plain = fc.string({ minLength, maxLength: Math.min(schema.maxLength ?? Infinity, minLength + 30) });
  const sources = [
    ...patterns.map(patternStrings).filter((a): a is fc.Arbitrary<string> => a !== undefined),
    ...(schema.format && BY_FORMAT[schema.format] ? [BY_FORMAT[schema.format]!] : []),
  ];
  return sources.length > 0 ? fc.oneof(...sources) : plain;
}

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];

/** Values of `schema`, each accepted by the validator against it. */
export function valuesOf(ajv: Ajv2020, schema: JsonSchema): fc.Arbitrary<unknown> {
  const validate = validatorOf(ajv, schema);
  return shapeOf(ajv, schema).filter((value) => validate(value));
}

function shapeOf(ajv: Ajv2020, schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => valuesOf(ajv, { ...branch })));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => shapeOf(ajv, { ...schema, type })));
  switch (types[0]) {
    case 'string':
      return stringsFor(schema);
    case 'integer':
      return fc.integer({ min: Math.ceil(schema.minimum ?? -1e6), max: Math.floor(Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER)) });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e6,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(schema.items ? valuesOf(ajv, schema.items) : fc.string(), { minLength, maxLength: Math.min(schema.maxItems ?? Infinity, minLength + 3) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, valuesOf(ajv, property)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}
