import type { TListMeta } from '@residency/shared';

/** Ant Design pagination of a server list, from the answer's meta (spec: page size comes from meta.limit). */
export function listPagination(meta: TListMeta | undefined, page: number, onChange: (page: number) => void) {
  return {
    current: meta?.page ?? page,
    pageSize: meta?.limit ?? 10,
    total: meta?.total ?? 0,
    showSizeChanger: false,
    onChange,
  };
}
