import type { TBooking, TGuestCardsPut, TGuestPhoto, TGuestPhotoKind, TGuestRegistration, TGuestSuggestions } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/** The cache entry of one room's cards: a save or a photo refreshes it. */
const cardsTag = (id: string) => ({ type: 'Booking' as const, id: `GUESTS-${id}` });
/**
 * A save or a photo may make the room's cards complete (or not): the booking and every list
 * showing `registration.complete` (the desk's, the guest's) read it again.
 */
const bookingTags = (id: string) => [cardsTag(id), { type: 'Booking' as const, id }, { type: 'Booking' as const, id: 'LIST' }];

/**
 * The registration cards of a room (issue 34): read and saved by the desk and by the room's own
 * guest before check-in (online check-in); ID and portrait photos go up one at a time once the
 * card has an id.
 */
const guestRegisterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGuestRegistration: build.query<One<TGuestRegistration>, string>({
      query: (id) => `/bookings/${id}/guests`,
      providesTags: (_r, _e, id) => [cardsTag(id)],
    }),
    saveGuestCards: build.mutation<One<TGuestRegistration>, { id: string; body: TGuestCardsPut }>({
      query: ({ id, body }) => ({ url: `/bookings/${id}/guests`, method: 'PUT', body }),
      // The answer is the room's cards as saved: the form reads them at once (ids for the photos).
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(guestRegisterApi.util.upsertQueryData('getGuestRegistration', id, data));
        } catch {
          // The form shows the refusal.
        }
      },
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Booking' as const, id }, { type: 'Booking' as const, id: 'LIST' }]),
    }),
    addGuestPhoto: build.mutation<One<TGuestPhoto>, { id: string; guestId: string; kind: TGuestPhotoKind; file: Blob; name: string }>({
      query: ({ id, guestId, kind, file, name }) => {
        // `kind` first: the server reads the fields in order, the file last.
        const form = new FormData();
        form.append('kind', kind);
        form.append('file', file, name);
        return { url: `/bookings/${id}/guests/${guestId}/photos`, method: 'POST', body: form, timeout: 60_000 };
      },
      invalidatesTags: (_r, error, { id }) => (error ? [] : bookingTags(id)),
    }),
    getGuestSuggestions: build.query<One<TGuestSuggestions>, { id: string; idNumber?: string }>({
      query: ({ id, idNumber }) => ({ url: `/bookings/${id}/guests/suggestions`, params: idNumber ? { idNumber } : {} }),
      keepUnusedDataFor: 0,
    }),
    /** The desk sends a card's phone a one-time code by SMS (the phone as saved on the card). */
    sendCardPhoneCode: build.mutation<One<{ phone: string; expiresAt: string }>, { bookingId: string; cardId: string; phone: string }>({
      query: ({ cardId, phone }) => ({ url: '/auth/phone/verify-request', method: 'POST', body: { phone, cardId } }),
    }),
    /** The code the guest read out: the card's phone is verified, and the cards read again. */
    verifyCardPhone: build.mutation<One<{ phone: string; verifiedAt: string }>, { bookingId: string; cardId: string; phone: string; code: string }>({
      query: ({ cardId, phone, code }) => ({ url: '/auth/phone/verify', method: 'POST', body: { phone, code, cardId } }),
      invalidatesTags: (_r, error, { bookingId }) => (error ? [] : [cardsTag(bookingId)]),
    }),
    /** The room the guest checks in to (the online check-in page's heading). */
    getCheckInStay: build.query<One<TBooking>, string>({
      query: (id) => `/bookings/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Booking', id }],
    }),
  }),
});

export const {
  useGetGuestRegistrationQuery,
  useSaveGuestCardsMutation,
  useAddGuestPhotoMutation,
  useLazyGetGuestSuggestionsQuery,
  useGetCheckInStayQuery,
  useSendCardPhoneCodeMutation,
  useVerifyCardPhoneMutation,
} = guestRegisterApi;

/** The path of a stored photo (`GET`, with the bearer token only: never an <img src>). */
export const photoPath = (bookingId: string, guestId: string, photoId: string) => `/api/bookings/${bookingId}/guests/${guestId}/photos/${photoId}`;
