import { ZIdParams, ZMessageResponse, zSuccess } from '@residency/shared';
import { ZGalleryCreate, ZGalleryItem, ZGalleryListQuery } from '@residency/shared/gallery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { addGalleryItem, getGallery, removeGalleryItem } from './gallery.service.ts';

const tags = ['gallery'];

/** The hotel's photo gallery: read by everyone, written by admins. */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/gallery',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Add a picture (its url from POST /api/uploads)',
        body: ZGalleryCreate,
        response: { 201: zSuccess(ZGalleryItem) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await addGalleryItem(app.db, request.body), 'Image added')),
  );

  app.get(
    '/gallery',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every picture, newest first; category keeps one of room, hotel, dining, event, others',
        querystring: ZGalleryListQuery,
        response: { 200: zSuccess(z.array(ZGalleryItem)) },
      },
    },
    async (request) => ok(await getGallery(app.db, request.query.category)),
  );

  app.delete(
    '/gallery/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'Remove a picture from the gallery', params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await removeGalleryItem(app.db, request.params.id);
      return { success: true as const, message: 'Image deleted' };
    },
  );
};
