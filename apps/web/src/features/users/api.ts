import type { Role, TInviteRequest, TListMeta, TUserListItem } from '@residency/shared';
import { baseApi } from '../../lib/api';

type List<T> = { success: true; data: T[]; meta: TListMeta };

const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<List<TUserListItem>, { page: number; searchTerm?: string }>({
      query: ({ page, searchTerm }) => ({ url: '/users', params: { page, ...(searchTerm ? { searchTerm } : {}) } }),
      providesTags: (result) => [
        { type: 'User', id: 'LIST' },
        ...(result?.data.map((u) => ({ type: 'User' as const, id: u._id })) ?? []),
      ],
    }),
    updateUserRole: build.mutation<{ message: string }, { id: string; role: Role }>({
      query: ({ id, role }) => ({ url: `/users/${id}`, method: 'PUT', body: { role } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'User', id }, { type: 'User', id: 'LIST' }],
    }),
    /** Makes the account with its role and mails a one-hour link to choose a password. */
    inviteUser: build.mutation<{ success: true; message?: string; data: TUserListItem }, TInviteRequest>({
      query: (body) => ({ url: '/users/invite', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** The guest's erasure request of the guest register (issue 34): what went, what the law keeps. */
    requestRegisterErasure: build.mutation<{ success: true; message?: string; data: RegisterErasure }, void>({
      query: () => ({ url: '/users/me/erasure-request', method: 'POST' }),
    }),
    deleteUser: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetUsersQuery, useUpdateUserRoleMutation, useInviteUserMutation, useDeleteUserMutation, useRequestRegisterErasureMutation } = usersApi;

export interface RegisterErasure {
  deletedCards: number;
  deletedPhotos: number;
  kept: { reference: string; roomNumber: string; checkIn: string; checkOut: string; what: 'register'; until: string }[];
}
