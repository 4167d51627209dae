import type { TCoupon, TCouponCheck, TCouponCreate, TCouponPatch, TListMeta } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };
type List<T> = { success: true; data: T[]; meta: TListMeta };

/** The API's largest page (PAGE_LIMIT_MAX; the constant lives in a module that brings zod). */
const PAGE_SIZE = 100;

/** Coupons: admins manage them; anyone may check whether a code applies to a stay. */
export const couponsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The screen shows every coupon as a card, without pages: read the list's pages until all are in.
    getCoupons: build.query<List<TCoupon>, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const coupons: TCoupon[] = [];
        for (let page = 1; ; page += 1) {
          const result = await baseQuery({ url: '/coupons', params: { page, limit: PAGE_SIZE } });
          if (result.error) return { error: result.error };
          const { data, meta } = result.data as List<TCoupon>;
          coupons.push(...data);
          if (data.length < PAGE_SIZE || coupons.length >= meta.total) {
            return { data: { success: true, data: coupons, meta: { page: 1, limit: coupons.length, total: meta.total } } };
          }
        }
      },
      providesTags: [{ type: 'Booking', id: 'COUPONS' }],
    }),
    createCoupon: build.mutation<One<TCoupon>, TCouponCreate>({
      query: (body) => ({ url: '/coupons', method: 'POST', body }),
      invalidatesTags: [{ type: 'Booking', id: 'COUPONS' }],
    }),
    /** Changes any of a coupon's fields, or switches it on or off (a used coupon keeps its code). */
    updateCoupon: build.mutation<One<TCoupon>, { id: string; patch: TCouponPatch }>({
      query: ({ id, patch }) => ({ url: `/coupons/${id}`, method: 'PATCH', body: patch }),
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

export const {
  useGetCouponsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  useDeleteCouponMutation,
  useLazyCheckCouponQuery,
} = couponsApi;
