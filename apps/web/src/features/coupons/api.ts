import type { TCoupon, TCouponCheck, TCouponCreate } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/** Coupons: admins manage them; anyone may check whether a code applies to a stay. */
export const couponsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCoupons: build.query<One<TCoupon[]>, void>({
      query: () => '/coupons',
      providesTags: [{ type: 'Booking', id: 'COUPONS' }],
    }),
    createCoupon: build.mutation<One<TCoupon>, TCouponCreate>({
      query: (body) => ({ url: '/coupons', method: 'POST', body }),
      invalidatesTags: [{ type: 'Booking', id: 'COUPONS' }],
    }),
    deleteCoupon: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/coupons/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Booking', id: 'COUPONS' }],
    }),
    checkCoupon: build.query<One<TCouponCheck>, { code: string; amount?: number }>({
      query: ({ code, amount }) => ({ url: `/coupons/${encodeURIComponent(code)}`, params: amount === undefined ? {} : { amount } }),
    }),
  }),
});

export const { useGetCouponsQuery, useCreateCouponMutation, useDeleteCouponMutation, useLazyCheckCouponQuery } = couponsApi;
