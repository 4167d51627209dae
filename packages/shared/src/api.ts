import { z } from 'zod';

/**
 * A number, or a string that writes one out (" 12 ", "2.5"): what a form or a query string
 * sends. Unlike `z.coerce.number()`, nothing else turns into a number: `[]` and `" "` are not 0
 * and `[[5]]` is not 5; they get the number's own message.
 */
export function zNumberFrom<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(v) ? Number(v) : v), schema);
}

/** Pagination of every list endpoint: page from 1, limit default 10, at most 100. */
const PAGE_LIMIT_DEFAULT = 10;
const PAGE_LIMIT_MAX = 100;

export const ZPageQuery = z.object({
  page: zNumberFrom(z.number().int().min(1)).default(1),
  limit: zNumberFrom(z.number().int().min(1).max(PAGE_LIMIT_MAX)).default(PAGE_LIMIT_DEFAULT),
});

const ZListMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type TListMeta = z.infer<typeof ZListMeta>;

/** `{ success: true, message?, data }` */
export function zSuccess<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** `{ success: true, data: [...], meta }` */
export function zList<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: z.array(item),
    meta: ZListMeta,
  });
}

export const ZErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });

/** A UUID path parameter named `id`. */
export const ZIdParams = z.object({ id: z.uuid({ message: 'Not a valid id.' }) });
