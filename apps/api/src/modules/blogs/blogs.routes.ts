import { ZIdParams, ZMessageResponse, zList, zSuccess } from '@residency/shared';
import { ZBlog, ZBlogCreate, ZBlogListQuery, ZBlogUpdate } from '@residency/shared/blogs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { changeBlog, createBlog, getBlog, getBlogs, removeBlog } from './blogs.service.ts';

const tags = ['blogs'];

/** The hotel's blog: read by everyone, written by admins. Descriptions are sanitised before they are stored. */
export const blogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/blogs',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Write a post (its HTML is sanitised: no script, event handler, style or javascript: link survives)',
        body: ZBlogCreate,
        response: { 201: zSuccess(ZBlog) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await createBlog(app.db, request.body), 'Blog created')),
  );

  app.get(
    '/blogs',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Posts, a page at a time: searchTerm (title or a tag), locale, sort 'newest' (default) or 'title'",
        querystring: ZBlogListQuery,
        response: { 200: zList(ZBlog) },
      },
    },
    async (request) => {
      const { data, meta } = await getBlogs(app.db, request.query);
      return list(data, meta);
    },
  );

  app.get(
    '/blogs/:id',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'One post', params: ZIdParams, response: { 200: zSuccess(ZBlog) } },
    },
    async (request) => ok(await getBlog(app.db, request.params.id)),
  );

  app.put(
    '/blogs/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Change a post: title and description required; tags, images and locale replace the old ones when sent',
        params: ZIdParams,
        body: ZBlogUpdate,
        response: { 200: zSuccess(ZBlog) },
      },
    },
    async (request) => ok(await changeBlog(app.db, request.params.id, request.body), 'Blog updated'),
  );

  app.delete(
    '/blogs/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Delete a post', params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await removeBlog(app.db, request.params.id);
      return { success: true as const, message: 'Blog deleted' };
    },
  );
};
