import { z } from 'zod';

/** Pagination of every list endpoint: page from 1, limit default 10, at most 100. */
const PAGE_LIMIT_DEFAULT = 10;
const PAGE_LIMIT_MAX = 100;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
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
