import type { TListMeta } from '@residency/shared';
import type { TBlog, TBlogCreate, TBlogUpdate } from '@residency/shared/blogs';
import type { TLanguage } from '@residency/shared/event-kinds';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };
type List<T> = { success: true; data: T[]; meta: TListMeta };

interface BlogListArgs {
  page?: number;
  limit?: number;
  searchTerm?: string;
  locale?: TLanguage;
  /** 'title' for the admin list (spec: sorted by title), 'newest' for the public pages. */
  sort?: 'title' | 'newest';
}

const LIST = { type: 'Blog', id: 'LIST' } as const;

/** Blog posts: read by everyone, written by admins. */
const blogsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBlogs: build.query<List<TBlog>, BlogListArgs>({
      query: ({ page = 1, limit, searchTerm, locale, sort }) => ({
        url: '/blogs',
        // Only the filters in use: an empty searchTerm would be refused by the contract.
        params: {
          page,
          ...(limit ? { limit } : {}),
          ...(searchTerm ? { searchTerm } : {}),
          ...(locale ? { locale } : {}),
          ...(sort ? { sort } : {}),
        },
      }),
      providesTags: (result) => [LIST, ...(result?.data.map((b) => ({ type: 'Blog' as const, id: b._id })) ?? [])],
    }),
    getBlog: build.query<One<TBlog>, string>({
      query: (id) => `/blogs/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Blog', id }],
    }),
    createBlog: build.mutation<One<TBlog>, TBlogCreate>({
      query: (body) => ({ url: '/blogs', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateBlog: build.mutation<One<TBlog>, { id: string; payload: TBlogUpdate }>({
      query: ({ id, payload }) => ({ url: `/blogs/${id}`, method: 'PUT', body: payload }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Blog', id }, LIST],
    }),
    deleteBlog: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/blogs/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Blog', id }, LIST],
    }),
  }),
});

export const { useGetBlogsQuery, useGetBlogQuery, useCreateBlogMutation, useUpdateBlogMutation, useDeleteBlogMutation } =
  blogsApi;
