import type { TStayQuote } from '@residency/shared';
import { baseApi } from './api';

/** The stay a quote is for (`GET /api/rates/quote`). */
interface StayQuoteQuery {
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  /** One room type; every room type with a room free when absent. */
  category?: string;
  /** The desk's plans too: a walk-in at the desk (the server honours it for staff and admins only). */
  desk?: '1';
}

/**
 * The price of a stay on each rate plan, as the server will charge it (issue 21): read by the
 * rates page and the booking form, so it lives below both features. Never cached for long: a
 * rate edit changes it, and the booking's expected amount must be the latest.
 */
const ratesReadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStayQuote: build.query<{ success: true; data: TStayQuote[] }, StayQuoteQuery>({
      query: (params) => ({
        url: '/rates/quote',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')),
      }),
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useGetStayQuoteQuery } = ratesReadApi;
