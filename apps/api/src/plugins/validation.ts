import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Schema = z.core.$ZodType;

/**
 * Fastify's validator of the zod contracts, with one rule of its own: a query string takes only
 * the parameters its contract names. An unknown one (`?pgae=2`, a filter the route does not have)
 * is a 400 that names it (plugins/errors.ts), where it used to be dropped in silence and the
 * caller read an answer to another question. A contract that takes others too says so with
 * `z.looseObject` (the query Google sends back to the sign-in callback).
 */
export const validatorCompiler: FastifySchemaCompiler<Schema> = (route) =>
  zodValidatorCompiler(route.httpPart === 'querystring' ? { ...route, schema: strictQuery(route.schema) } : route);

/** A plain object contract made strict (its own checks kept); any other schema as it is. */
function strictQuery(schema: Schema): Schema {
  const def = schema._zod.def as { type: string; catchall?: unknown };
  return def.type === 'object' && def.catchall === undefined ? (schema as unknown as z.ZodObject).strict() : schema;
}
