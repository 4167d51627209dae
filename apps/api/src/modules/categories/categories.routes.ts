import {
  ZCategory,
  ZCategoryListQuery,
  ZCategoryNameParams,
  ZCategoryUpsertRequest,
  ZCategoryUpsertResponse,
  ZMessageResponse,
  zSuccess,
} from '@residency/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendSerialized, serialize } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { deleteCategory, getCategories, getCategory, saveCategory } from './categories.service.ts';

const tags = ['room categories'];

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/room-categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'All categories, by name, each with `hiddenReason` (null when guests see it). With `public=true`: only the categories shown to guests, those with at least one room in service.',
        querystring: ZCategoryListQuery,
        response: { 200: zSuccess(z.array(ZCategory)) },
      },
    },
    async (request, reply) => {
      // Keyed by URL, so the two lists are cached apart; a room's status change clears both
      // (the rooms trigger's NOTIFY, and the PATCH route itself).
      const shownOnly = request.query.public === 'true';
      const body = await app.roomsCache.through(request.url, async () => serialize(ok(await getCategories(app.db, { shownOnly }))));
      return sendSerialized(reply, body);
    },
  );

  app.get(
    '/room-categories/:name',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One category by name (URL-encoded)',
        params: ZCategoryNameParams,
        response: { 200: zSuccess(ZCategory) },
      },
    },
    async (request, reply) => {
      const body = await app.roomsCache.through(request.url, async () =>
        serialize(ok(await getCategory(app.db, request.params.name))),
      );
      return sendSerialized(reply, body);
    },
  );

  app.put(
    '/room-categories',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Create or update a category by name, and sync its rooms to `roomNumbers`',
        body: ZCategoryUpsertRequest,
        response: { 200: zSuccess(ZCategoryUpsertResponse) },
      },
    },
    async (request) => {
      const result = await saveCategory(app.db, app.roomRemovalGuards, request.body);
      app.roomsCache.clear();
      return ok(result, 'Saved');
    },
  );

  app.delete(
    '/room-categories/:name',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Delete a category (refused while it has rooms)',
        params: ZCategoryNameParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await deleteCategory(app.db, request.params.name);
      app.roomsCache.clear();
      return { success: true as const, message: 'Deleted' };
    },
  );
};
