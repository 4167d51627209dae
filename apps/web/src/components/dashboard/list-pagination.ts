import type { TListMeta } from '@residency/shared';
import i18n from 'i18next';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { formatNumber } from '../../lib/format';

/**
 * The page numbers in the reader's digits (১ ২ ৩ on Bengali pages): Ant Design writes them in
 * Latin digits whatever its locale. The language is read when the pager draws.
 */
function pageItem(page: number, type: string, original: ReactNode): ReactNode {
  if (type !== 'page') return original;
  const text = formatNumber(page, i18n.resolvedLanguage ?? 'en');
  return isValidElement(original) ? cloneElement(original, undefined, text) : text;
}

/** Ant Design pagination of a server list, from the answer's meta (spec: page size comes from meta.limit). */
export function listPagination(meta: TListMeta | undefined, page: number, onChange: (page: number) => void) {
  return {
    current: meta?.page ?? page,
    pageSize: meta?.limit ?? 10,
    total: meta?.total ?? 0,
    showSizeChanger: false,
    onChange,
    itemRender: pageItem,
  };
}
