import type { AuditAction, AuditEntity, TAuditRecord, TAuditVerify, TListMeta, TUserListItem } from '@residency/shared';
import { baseApi } from '../../lib/api';
import { downloadWithToken } from '../../lib/download';

type Many<T> = { success: true; data: T[]; meta: TListMeta };

/** The trail's filters as the address and the API name them (`GET /api/audit`). */
export interface AuditFilter {
  page: number;
  entity?: AuditEntity;
  /** With `entity`: one record's history, with the records that belong to it. */
  entityId?: string;
  actor?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

/** The filter without the empty ones, as query parameters. */
const paramsOf = (params: object) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

/**
 * The audit trail (issue 35), the admin's: who changed what, when and from where, one record's
 * history, and the check of the chain. Never cached for long: the trail grows with every change.
 */
const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<Many<TAuditRecord>, AuditFilter & { limit: number }>({
      query: (filter) => ({ url: '/audit', params: paramsOf(filter) }),
      keepUnusedDataFor: 0,
    }),
    /** Walks the chain on the server: only when the admin asks (a lazy query, fetched afresh each time). */
    verifyAudit: build.query<TAuditVerify, void>({
      query: () => '/audit/verify',
      keepUnusedDataFor: 0,
    }),
    /**
     * The people the "Who" filter offers, found by name or e-mail. Its own endpoint, not the
     * users screen's: features do not import each other's API (decision 0007).
     */
    getAuditPeople: build.query<Many<TUserListItem>, string>({
      query: (searchTerm) => ({ url: '/users', params: paramsOf({ page: 1, searchTerm }) }),
    }),
  }),
});

export const { useGetAuditQuery, useLazyVerifyAuditQuery, useGetAuditPeopleQuery } = auditApi;

/** Downloads the whole trail with the filters (not one page) as CSV, with the admin's token: a plain link cannot send it. */
export function downloadAuditCsv(filter: AuditFilter, token: string | null): Promise<string> {
  const query = new URLSearchParams(paramsOf({ ...filter, page: undefined }) as Record<string, string>);
  return downloadWithToken(`/api/audit.csv?${query}`, token, `audit${filter.entity ? `-${filter.entity}` : ''}.csv`);
}
