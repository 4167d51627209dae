import type { TChargeType, TListMeta } from '@residency/shared';
import { baseApi } from './api';

/** A charge type's name in the reader's language. */
export function chargeTypeName(type: Pick<TChargeType, 'nameEn' | 'nameBn'>, lng: string): string {
  return lng === 'bn' ? type.nameBn : type.nameEn;
}

type List<T> = { success: true; data: T[]; meta: TListMeta };

/** The tag of the charge types list: the admin's save (features/charge-types) makes it stale. */
export const CHARGE_TYPES_TAG = { type: 'Booking' as const, id: 'CHARGE_TYPES' };

/**
 * The charge types (laundry, room service, the airport shuttle…) as every screen reads them: the
 * desk's folio and a service request's charge pick one; the admin's list shows them all. The
 * admin's save stays in features/charge-types/api.ts.
 */
const chargeTypesReadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChargeTypes: build.query<List<TChargeType>, void>({
      query: () => '/charge-types',
      providesTags: [CHARGE_TYPES_TAG],
    }),
  }),
});

export const { useGetChargeTypesQuery } = chargeTypesReadApi;
