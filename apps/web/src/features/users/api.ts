import type { Role, TListMeta, TUserListItem } from '@residency/shared';
import { baseApi } from '../../lib/api';

type List<T> = { success: true; data: T[]; meta: TListMeta };

export const usersApi = baseApi.injectEndpoints({
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
    deleteUser: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetUsersQuery, useUpdateUserRoleMutation, useDeleteUserMutation } = usersApi;
