import type { TListMeta } from '@residency/shared';

/** The success envelope of ARCHITECTURE.md. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, message, data };
}

export function list<T>(data: T[], meta: TListMeta) {
  return { success: true as const, data, meta };
}
