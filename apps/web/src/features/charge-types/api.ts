import type { TChargeType, TChargeTypeSave } from '@residency/shared';
import { baseApi } from '../../lib/api';
import { CHARGE_TYPES_TAG } from '../../lib/charge-types-api';

type One<T> = { success: true; message?: string; data: T };

/** The admin's charge types (issue 22): make one or change its price and taxes. The list is read through lib/charge-types-api.ts. */
const chargeTypesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveChargeType: build.mutation<One<TChargeType>, { code: string; body: TChargeTypeSave }>({
      query: ({ code, body }) => ({ url: `/charge-types/${code}`, method: 'PUT', body }),
      invalidatesTags: [CHARGE_TYPES_TAG],
    }),
  }),
});

export const { useSaveChargeTypeMutation } = chargeTypesApi;
